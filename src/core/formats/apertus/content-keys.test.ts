/**
 * Content mappings with several keys: the template renders the form it reads for the role and
 * ignores the rest. Expected texts are hand-written from the template and checked against the
 * reference when it is present (`expectRender`).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAD, expectRender, PINNED, renderJson } from '../../../../test/apertus/helpers.ts';
import { conversation, textPart } from '../../model/builders.ts';
import type { Message } from '../../model/types.ts';
import { CODES } from './codes.ts';
import { render } from './render.ts';

const SYSTEM_HEAD = (system: string) => `<s><|system_start|>${system}<|system_end|><|developer_start|>Deliberation: enabled\nTool Capabilities: disabled<|developer_end|>`;
const parts = [{ type: 'text', text: 'P1' }, { type: 'text', text: 'P2' }];

function warnings(json: unknown): [string, string][] {
  return renderJson(json).diagnostics.map((d) => [d.code, (d.path ?? []).join('.')]);
}

describe('content mappings with several keys', () => {
  it('a user message {parts, text} renders its parts, in either key order, and warns about the text', () => {
    for (const content of [{ parts, text: 'T' }, { text: 'T', parts }]) {
      expectRender([{ role: 'user', content }], `${DEFAULT_HEAD}<|user_start|>P1P2<|user_end|>`);
      expect(warnings([{ role: 'user', content }])).toEqual([[CODES.contentKeysIgnored, 'messages.0.content.text']]);
    }
  });

  it('an assistant message {blocks, text} renders its blocks', () => {
    const json = [{ role: 'user', content: 'Q' }, { role: 'assistant', content: { text: 'T', blocks: [{ type: 'thoughts', text: 'th' }, { type: 'response', text: 'R' }] } }];
    expectRender(json, `${DEFAULT_HEAD}<|user_start|>Q<|user_end|><|assistant_start|><|inner_prefix|>th<|inner_suffix|>R`);
    expect(warnings(json)).toEqual([[CODES.contentKeysIgnored, 'messages.1.content.text']]);
  });

  it('a system message {text, parts} renders its text', () => {
    const json = [{ role: 'system', content: { parts, text: 'S', lang: 'en' } }];
    expectRender(json, SYSTEM_HEAD('S'));
    // Only the forms are worth a warning; other unknown keys are kept silently, as everywhere.
    expect(warnings(json)).toEqual([[CODES.contentKeysIgnored, 'messages.0.content.parts']]);
  });

  it('an unknown key beside the form is kept silently', () => {
    expectRender([{ role: 'user', content: { parts, lang: 'en' } }], `${DEFAULT_HEAD}<|user_start|>P1P2<|user_end|>`);
  });

  it('a form kept raw for another role, now the one the template reads, is an error', () => {
    // Read as a system message ({text} wins), then made a user message: the template would read the raw parts.
    const message: Message = { id: 'm', role: 'user', content: { type: 'text', text: 'S', mapping: true, extra: { parts } } };
    const rendered = render(conversation([message]), PINNED);
    expect(rendered.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, (d.path ?? []).join('.')])).toContainEqual([CODES.contentFormKept, 'messages.0.content.parts']);
  });

  it('an edited parts content keeps its extra keys on the model, not in the text', () => {
    const message: Message = { id: 'm', role: 'user', content: { type: 'parts', parts: [textPart('x')], extra: { text: 'T' } } };
    expect(render(conversation([message]), PINNED).text).toBe(`${DEFAULT_HEAD}<|user_start|>x<|user_end|>`);
  });
});
