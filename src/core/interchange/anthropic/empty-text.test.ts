/**
 * An empty `output_text` of a Responses assistant message, converted to Anthropic: the API
 * refuses `{"type": "text", "text": ""}`, so the conversion reports it, and the fix removes the
 * empty text where the message has other content.
 */
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../fix/apply.ts';
import { diagnoseFor } from '../../fix/check.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { findCodec } from '../registry.ts';
import { EMPTY_TEXT_CODE, EMPTY_TEXT_FIX } from './empty-text.ts';

function codec(id: string) {
  const found = findCodec(id);
  if (!found) throw new Error(`no codec ${id}`);
  return found;
}

function read(id: string, json: unknown): ParleyRecord {
  const record = codec(id).decode(json).record;
  if (!record) throw new Error(`${id} cannot read it`);
  return record;
}

const anthropic = codec('anthropic');
const diagnose = diagnoseFor({ codec: anthropic });

const RESPONSES = {
  model: 'gpt-4o',
  input: [
    { role: 'user', content: [{ type: 'input_text', text: 'Hi' }] },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '' }] },
    { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
    { type: 'function_call_output', call_id: 'c1', output: 'ok' },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done' }, { type: 'output_text', text: '' }] },
    { role: 'user', content: 'again' },
  ],
};

describe('empty text blocks in Anthropic output', () => {
  it('are reported as errors, each with the fix that removes it', () => {
    const record = read('openai-responses', RESPONSES);
    const empty = anthropic.encode(record).diagnostics.filter((d) => d.code === EMPTY_TEXT_CODE);
    expect(empty.map((d) => [d.severity, d.path, d.fix?.id])).toEqual([
      ['error', ['messages', 1, 'content', 'blocks', 0], EMPTY_TEXT_FIX],
      ['error', ['messages', 3, 'content', 'blocks', 1], EMPTY_TEXT_FIX],
    ]);
  });

  it('fixed, gives a request with no empty text block and the same conversation', () => {
    const record = read('openai-responses', RESPONSES);
    const { record: fixed, applied } = applyFixes(record, diagnose(record), { recheck: diagnose });
    expect(applied.map((f) => f.id)).toEqual([EMPTY_TEXT_FIX, EMPTY_TEXT_FIX]);
    const encoded = anthropic.encode(fixed);
    expect(encoded.diagnostics.filter((d) => d.code === EMPTY_TEXT_CODE)).toEqual([]);
    expect(encoded.json).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'ok' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Done' }] },
        { role: 'user', content: 'again' },
      ],
    });
  });

  it('has no fix when the empty text is all the message says', () => {
    const record = read('openai-responses', {
      input: [
        { role: 'user', content: 'Hi' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '' }] },
        { role: 'user', content: 'Hello?' },
      ],
    });
    const [only] = anthropic.encode(record).diagnostics.filter((d) => d.code === EMPTY_TEXT_CODE);
    expect(only?.severity).toBe('error');
    expect(only?.fix).toBeUndefined();
  });

  it('removes an empty text part beside other parts (OpenAI content parts)', () => {
    const record = read('openai-chat', { messages: [{ role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'text', text: '' }] }] });
    const { record: fixed } = applyFixes(record, diagnose(record), { recheck: diagnose });
    expect(anthropic.encode(fixed).json).toEqual({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Look' }] }] });
  });
});

describe('several removals in one message', () => {
  it('are all applied from one list of diagnostics (later places first, so none moves another)', () => {
    const record = read('openai-responses', {
      input: [
        { role: 'user', content: 'Hi' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '' }, { type: 'output_text', text: 'A' }, { type: 'output_text', text: '' }, { type: 'output_text', text: '' }, { type: 'output_text', text: 'B' }] },
      ],
    });
    // No recheck: every fix must apply to the record the earlier ones left.
    const { record: fixed, applied } = applyFixes(record, anthropic.encode(record).diagnostics);
    expect(applied).toHaveLength(3);
    expect(anthropic.encode(fixed).json).toEqual({
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }] },
      ],
    });
  });
});

describe('what the message says about the rest of the message (issue 22)', () => {
  const call = { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } };

  it('names the tool call beside an empty text part, and removes the text (not the message)', () => {
    const record = read('openai-chat', { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'text', text: '' }], tool_calls: [call] }] });
    const [empty] = anthropic.encode(record).diagnostics.filter((d) => d.code === EMPTY_TEXT_CODE);
    expect(empty?.message).toBe(
      'messages[1].content.parts[0]: an empty text part is written as {"type": "text", "text": ""}; the Anthropic API refuses empty text blocks ("text content blocks must be non-empty"). Remove it: the message has other content (a tool_use block).',
    );
    const { record: fixed } = applyFixes(record, diagnose(record), { recheck: diagnose });
    expect(anthropic.encode(fixed).json).toEqual({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'f', input: {} }] }] });
  });

  it('names what else an Anthropic message with an empty text block holds', () => {
    const record = read('anthropic', { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'text', text: '' }, { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }, { type: 'tool_use', id: 'toolu_2', name: 'g', input: {} }] }] });
    const [empty] = anthropic.encode(record).diagnostics.filter((d) => d.code === EMPTY_TEXT_CODE);
    expect(empty?.message).toMatch(/Remove it: the message has other content \(2 tool_use blocks\)\.$/);
    const image = read('anthropic', { messages: [{ role: 'user', content: [{ type: 'text', text: '' }, { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }, { type: 'text', text: 'What is it?' }] }] });
    const [emptyPart] = anthropic.encode(image).diagnostics.filter((d) => d.code === EMPTY_TEXT_CODE);
    expect(emptyPart?.message).toMatch(/Remove it: the message has other content \(an image block and a text block\)\.$/);
  });
});

