/**
 * The provisional mask (carry.ts): the last exact render's mask over a newer render before its
 * mask. Where the rule holds, the carried render is checked against the core's exact render of
 * the newer record (for these edits the mask only moves with the typed text); where it does not,
 * there is no provisional render.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { warning } from '../../../model/diagnostic.ts';
import { conversation, textMessage } from '../../../model/builders.ts';
import type { Conversation } from '../../../model/types.ts';
import type { Rendered } from '../../types.ts';
import { CODES } from '../codes.ts';
import { renderJinja, renderJinjaStagedWithin } from '../render.ts';
import { carryMask, type ExactStages } from './carry.ts';
import { clearPrefixRenders } from './prefix-cache.ts';

beforeEach(() => clearPrefixRenders());

const CHATML =
  "{% for m in messages %}{{ '<|im_start|>' + m.role + '\\n' + m.content + '<|im_end|>\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";
const options = { template: CHATML };
const QA: Conversation = conversation([textMessage('user', 'Q1'), textMessage('assistant', 'A1'), textMessage('user', 'Q2'), textMessage('assistant', 'A2')]);

function edited(record: Conversation, i: number, text: string): Conversation {
  const copy = structuredClone(record);
  const message = copy.messages[i];
  if (message !== undefined) message.content = { type: 'text', text };
  return copy;
}

/** A cap no render here meets: the stages of the exact render. */
const CAP = 10_000_000;

function stages(record: Conversation): ExactStages {
  const staged = renderJinjaStagedWithin(record, options, undefined, CAP);
  return { unmasked: staged.unmasked as Rendered, masked: staged.rendered as Rendered };
}
const unmaskedOf = (record: Conversation): Rendered => renderJinjaStagedWithin(record, options, undefined, CAP).unmasked as Rendered;

describe('carryMask', () => {
  it('the stages: the masked render is renderJinja\'s; before the mask, only the located fields are trained', () => {
    const { unmasked, masked } = stages(QA);
    expect(masked).toEqual(renderJinja(QA, options));
    expect(unmasked.text).toBe(masked.text);
    // The mask trains the end-of-turn token too; before it, only the assistant's text is.
    const trainedSpans = (r: Rendered) => r.spans.filter((s) => s.trainable).map((s) => r.text.slice(s.start, s.end));
    expect(trainedSpans(unmasked)).toEqual(['A1', 'A2']);
    expect(trainedSpans(masked)).toEqual(['A1', '<|im_end|>', 'A2', '<|im_end|>']);
  });

  it.each([
    ['a user message, before every assistant one', 0, 'Q1 and more'],
    ['an assistant message', 1, 'A'],
    ['the last message', 3, 'A2, longer'],
  ])('typing into %s: the carried mask is the exact render\'s', (_what, i, text) => {
    const next = edited(QA, i, text);
    const carried = carryMask(stages(QA), unmaskedOf(next));
    expect(carried).toEqual(renderJinja(next, options));
  });

  it('the same text: the mask as it was', () => {
    const carried = carryMask(stages(QA), unmaskedOf(structuredClone(QA)));
    expect(carried).toEqual(renderJinja(QA, options));
  });

  it('no provisional render where the structure changed: a message added, a field emptied, two fields changed', () => {
    const added: Conversation = { ...QA, messages: [...QA.messages, textMessage('user', 'Q3')] };
    expect(carryMask(stages(QA), unmaskedOf(added))).toBeUndefined();
    expect(carryMask(stages(QA), unmaskedOf(edited(QA, 1, '')))).toBeUndefined();
    expect(carryMask(stages(QA), unmaskedOf(edited(edited(QA, 0, 'x'), 2, 'y')))).toBeUndefined();
  });

  it('no provisional render where the template\'s own text changed', () => {
    // The role is the template's text here (not a field's span): changing it changes a gap.
    const next = structuredClone(QA);
    (next.messages[2] as { role: string }).role = 'system';
    expect(carryMask(stages(QA), unmaskedOf(next))).toBeUndefined();
  });

  it('no provisional render where the mask cut the edited field', () => {
    const exact = stages(QA);
    const field = exact.unmasked.spans.find((s) => s.path.length > 0 && exact.unmasked.text.slice(s.start, s.end) === 'Q1');
    if (!field) throw new Error('no span of Q1');
    const cut: Rendered = {
      ...exact.masked,
      spans: exact.masked.spans.flatMap((s) => (s.start === field.start && s.end === field.end ? [{ ...s, end: s.start + 1 }, { ...s, start: s.start + 1, trainable: true }] : [s])),
    };
    expect(carryMask({ unmasked: exact.unmasked, masked: cut }, unmaskedOf(edited(QA, 0, 'Q1!')))).toBeUndefined();
  });

  it('keeps the mask\'s own diagnostics of the exact render (they do not blink while typing), and the newer render\'s own', () => {
    const exact = stages(QA);
    const fallback = warning(CODES.maskFieldsOnly, 'messages[1]: only its located fields are trained', ['messages', 1]);
    const other = warning(CODES.mappingAsText, 'from the older render');
    const carried = carryMask({ unmasked: exact.unmasked, masked: { ...exact.masked, diagnostics: [other, fallback] } }, { ...unmaskedOf(edited(QA, 0, 'Q')), diagnostics: [] });
    expect(carried?.diagnostics).toEqual([fallback]);
  });
});
