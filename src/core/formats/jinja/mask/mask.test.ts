/**
 * The template mask on small templates written for each case: `{% generation %}` tags, the
 * prefix difference, templates that are not prefix-stable (fallback with a warning), the prefix
 * renders kept between calls, the length limit and the page's cap. Expected texts are read off
 * the templates by hand. The real Qwen2.5 and Llama 3.1 templates: test/jinja/template-mask.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../../model/builders.ts';
import type { Conversation } from '../../../model/types.ts';
import type { Rendered } from '../../types.ts';
import { CODES } from '../codes.ts';
import { PAGE_MASK_MESSAGES, renderJinja, renderJinjaWithin } from '../render.ts';
import { withTemplateMask } from './index.ts';
import { clearPrefixRenders } from './prefix-cache.ts';
import { MAX_MASK_MESSAGE_RENDERS, prefixCost } from './prefix.ts';

beforeEach(() => clearPrefixRenders());

const chat = (...texts: [string, string][]): Conversation => conversation(texts.map(([role, text]) => textMessage(role, text)));
const QA = chat(['user', 'Q1'], ['assistant', 'A1'], ['user', 'Q2'], ['assistant', 'A2']);

/** The record with message i's text changed, every id kept (as an edit in the app keeps them). */
function edited(record: Conversation, i: number, text: string): Conversation {
  const copy = structuredClone(record);
  const message = copy.messages[i];
  if (message !== undefined) message.content = { type: 'text', text };
  return copy;
}

/** ChatML with a generation prompt, as Qwen's templates write it. */
const CHATML =
  "{% for m in messages %}{{ '<|im_start|>' + m.role + '\\n' + m.content + '<|im_end|>\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** Trained runs of the render, `|` between runs that are apart. */
function trained(rendered: Rendered): string {
  let out = '';
  let end = -1;
  for (const span of rendered.spans.filter((s) => s.trainable)) {
    out += (end >= 0 && span.start !== end ? '|' : '') + rendered.text.slice(span.start, span.end);
    end = span.end;
  }
  return out;
}

const codes = (rendered: Rendered) => rendered.diagnostics.map((d) => d.code);

describe('the prefix difference', () => {
  it('trains what each assistant message adds after the generation prompt, through <|im_end|>, without the line break after it', () => {
    const rendered = renderJinja(QA, { template: CHATML });
    expect(trained(rendered)).toBe('A1<|im_end|>|A2<|im_end|>');
    expect(codes(rendered)).toEqual([]);
  });

  it('falls back to the located fields where the template is not prefix-stable, with a warning naming the message and what is not trained', () => {
    // The template replaces every earlier assistant message by "[old]" (as Qwen3 drops earlier thoughts).
    const template = "{% for m in messages %}{% if m.role == 'assistant' and not loop.last %}<a>[old]</a>{% else %}<{{ m.role }}>{{ m.content }}</{{ m.role }}>{% endif %}{% endfor %}";
    const rendered = renderJinja(QA, { template });
    expect(rendered.text).toBe('<user>Q1</user><a>[old]</a><user>Q2</user><assistant>A2</assistant>');
    // Message 3, the last, is prefix-stable: all it adds is trained (no generation prompt here).
    expect(trained(rendered)).toBe('<assistant>A2</assistant>');
    const warning = rendered.diagnostics.find((d) => d.code === CODES.maskFieldsOnly);
    expect(warning).toMatchObject({ severity: 'warning', path: ['messages', 1] });
    expect(warning?.message).toContain('messages[1]: only its located fields are trained');
    expect(warning?.message).toContain('differently once the conversation goes on');
    expect(warning?.message).toContain('Not trained, because not located: messages[1].content');
  });

  it('falls back for every turn of a template that writes the conversation\'s length first, keeping the located fields trained', () => {
    const rendered = renderJinja(QA, { template: `{{ messages | length }} messages\n${CHATML}` });
    expect(trained(rendered)).toBe('A1|A2');
    expect(rendered.diagnostics.filter((d) => d.code === CODES.maskFieldsOnly).map((d) => d.path)).toEqual([['messages', 1], ['messages', 3]]);
  });

  it('falls back where the template fails on a prefix, saying why; the other turns keep the prefix difference', () => {
    const template = `{% if messages | length < 2 %}{{ raise_exception('too short') }}{% endif %}${CHATML}`;
    const rendered = renderJinja(QA, { template });
    expect(trained(rendered)).toBe('A1|A2<|im_end|>');
    const warning = rendered.diagnostics.find((d) => d.code === CODES.maskFieldsOnly);
    expect(warning?.path).toEqual(['messages', 1]);
    expect(warning?.message).toContain('the template fails on the conversation before it, with the generation prompt');
    expect(warning?.message).toContain('too short');
  });

  it('falls back, without rendering prefixes, past MAX_MASK_MESSAGE_RENDERS', () => {
    // 0.75·n² messages rendered for n alternating messages: 400 is past 100,000.
    const long = chat(...Array.from({ length: 400 }, (_, i): [string, string] => [i % 2 === 0 ? 'user' : 'assistant', `m${i}`]));
    expect(prefixCost(400, Array.from({ length: 200 }, (_, k) => 2 * k + 1))).toBeGreaterThan(MAX_MASK_MESSAGE_RENDERS);
    const rendered = renderJinja(long, { template: CHATML });
    const warnings = rendered.diagnostics.filter((d) => d.code === CODES.maskFieldsOnly);
    expect(warnings).toHaveLength(200);
    expect(warnings[0]?.message).toContain('too long for the template mask');
    expect(trained(rendered).startsWith('m1|m3|')).toBe(true);
  });
});

describe('{% generation %} tags', () => {
  it('train exactly the marked text, even where the prefix difference would train more', () => {
    // No generation prompt: the prefix difference would train the header `<|im_start|>assistant\n`.
    const template =
      "{% for m in messages %}{{ '<|im_start|>' + m.role + '\\n' }}{% if m.role == 'assistant' %}{% generation %}{{ m.content + '<|im_end|>' }}{% endgeneration %}{% else %}{{ m.content + '<|im_end|>' }}{% endif %}{{ '\\n' }}{% endfor %}";
    const rendered = renderJinja(QA, { template });
    expect(rendered.text).toBe('<|im_start|>user\nQ1<|im_end|>\n<|im_start|>assistant\nA1<|im_end|>\n<|im_start|>user\nQ2<|im_end|>\n<|im_start|>assistant\nA2<|im_end|>\n');
    expect(trained(rendered)).toBe('A1<|im_end|>|A2<|im_end|>');
    expect(rendered.spans.find((s) => rendered.text.slice(s.start, s.end) === '<|im_end|>' && s.trainable)?.path).toEqual(['messages', 1]);
  });

  it('on lines of their own, read where trim_blocks and lstrip_blocks leave the text', () => {
    const template = [
      '{%- for m in messages %}',
      "{{- '<' + m.role + '>' }}",
      "{%- if m.role == 'assistant' %}",
      '    {% generation %}',
      '{{ m.content }}.',
      '    {% endgeneration %}',
      '{%- else %}',
      '{{- m.content }}',
      '{%- endif %}',
      '{{- \'\\n\' }}',
      '{%- endfor %}',
    ].join('\n');
    const rendered = renderJinja(QA, { template });
    // The line break after "." is stripped by `{%- else %}` across the removed tag (and the one
    // after `{% generation %}` by trim_blocks).
    expect(rendered.text).toBe('<user>Q1\n<assistant>A1.\n<user>Q2\n<assistant>A2.\n');
    expect(trained(rendered)).toBe('A1.|A2.');
    expect(codes(rendered)).toEqual([]);
  });
});

describe('prefix renders kept between calls', () => {
  /** The template mask over renderJinja, counting the prefix renders it asks for. */
  function counted(record: Conversation): number {
    let renders = 0;
    const full = renderJinja(record, { template: CHATML });
    // Another context than the render's own (a date the template does not read), so that its
    // renders are not already kept.
    withTemplateMask(record, { template: CHATML, date: '2025-07-10' }, full, (prefix, options, how) => {
      renders++;
      return renderJinja(prefix, options, how);
    });
    return renders;
  }

  it('render again only the prefixes that reach a changed message', () => {
    // Four messages: 0..j for each j (4), and 0..i-1 with the prompt for each assistant i (2).
    expect(counted(QA)).toBe(6);
    expect(counted(QA)).toBe(0);
    const lastChanged = edited(QA, 3, 'A2, longer');
    // Only the render through message 3 holds it; 0..2 with the prompt does not.
    expect(counted(lastChanged)).toBe(1);
    expect(counted(edited(lastChanged, 0, 'Q1?'))).toBe(6);
  });
});

describe('on the page, under a cap', () => {
  const CAP = 20_000;
  const alternating = (n: number) => chat(...Array.from({ length: n }, (_, i): [string, string] => [i % 2 === 0 ? 'user' : 'assistant', `m${i}`]));

  it('gives no answer when the prefix renders would render more than PAGE_MASK_MESSAGES messages', () => {
    // 20 messages: 210 rendered through each, 100 before each assistant one.
    expect(renderJinjaWithin(alternating(20), { template: CHATML }, undefined, CAP)).toBeDefined();
    clearPrefixRenders();
    // 240 messages: a render through the last alone is 240, with the one before it 479.
    expect(renderJinjaWithin(alternating(240), { template: CHATML }, undefined, CAP)).toBeUndefined();
  });

  it('typing into the last message renders two prefixes: on the page up to about PAGE_MASK_MESSAGES / 2 messages, the very render the worker gives', () => {
    const n = Math.floor(PAGE_MASK_MESSAGES / 2) - 10;
    const record = alternating(n);
    renderJinja(record, { template: CHATML });
    const typed = edited(record, n - 1, 'typed');
    const page = renderJinjaWithin(typed, { template: CHATML }, undefined, CAP);
    expect(page).toBeDefined();
    clearPrefixRenders();
    expect(page).toEqual(renderJinja(typed, { template: CHATML }));
  });
});
