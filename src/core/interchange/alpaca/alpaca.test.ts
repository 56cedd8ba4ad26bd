import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { branchRecord } from '../../model/branches.ts';
import type { Conversation, Message } from '../../model/types.ts';
import { detectDialect, findCodec } from '../registry.ts';
import { asJson, text } from '../shared/test-arbitraries.ts';
import { alpacaFieldsOf, withAlpacaFields } from './index.ts';

// Records as Stanford Alpaca's alpaca_data.json and LLaMA-Factory's data/README write them.
const DOCUMENTED: Record<string, Record<string, unknown>> = {
  'Stanford Alpaca, no input': { instruction: 'Give three tips for staying healthy.', input: '', output: '1. Eat a balanced diet.' },
  'Stanford Alpaca, with input': { instruction: 'Translate to French.', input: 'Good morning', output: 'Bonjour' },
  'LLaMA-Factory, system and history': { instruction: 'And now?', input: '', output: 'Now it is dark.', system: 'Be brief.', history: [['Is it day?', 'Yes.']] },
  'LLaMA-Factory preference': { instruction: 'What color is the sky?', input: '', chosen: 'Blue.', rejected: 'Green.' },
  'LLaMA-Factory KTO': { instruction: 'What color is the sky?', input: '', output: 'Green.', kto_tag: false },
};

const alpaca = () => findCodec('alpaca')!;

function read(json: unknown): Conversation {
  const decoded = alpaca().decode(json);
  expect(decoded.diagnostics).toEqual([]);
  return decoded.record as Conversation;
}

describe('Alpaca records', () => {
  for (const [name, json] of Object.entries(DOCUMENTED)) {
    it(`${name}: detected, and written back byte for byte`, () => {
      expect(detectDialect(json)?.codec.id).toBe('alpaca');
      const encoded = alpaca().encode(read(json));
      expect(encoded.diagnostics).toEqual([]);
      expect(JSON.stringify(encoded.json)).toBe(JSON.stringify(json));
    });
  }

  it('reads the instruction and input as one user turn, LLaMA-Factory joined, and the output as the completion', () => {
    const record = read(DOCUMENTED['Stanford Alpaca, with input']);
    expect(record.messages.map((m) => [m.role, m.content])).toEqual([['user', { type: 'text', text: 'Translate to French.\nGood morning' }]]);
    expect(branchRecord(record, 'completion').messages.map((m) => m.content)).toEqual([
      { type: 'text', text: 'Translate to French.\nGood morning' },
      { type: 'text', text: 'Bonjour' },
    ]);
    expect(alpacaFieldsOf(record.messages[0] as Message)).toEqual({ instruction: 'Translate to French.', input: 'Good morning' });
  });

  it('writes an edit back to the field it came from', () => {
    const record = read(DOCUMENTED['Stanford Alpaca, with input']);
    const user = record.messages[0] as Message;
    const edited = (textValue: string) => alpaca().encode({ ...record, messages: [{ ...user, content: { type: 'text', text: textValue } }] }).json as Record<string, unknown>;
    expect(edited('Translate to German.\nGood morning')).toMatchObject({ instruction: 'Translate to German.', input: 'Good morning' });
    expect(edited('Translate to French.\nGood evening')).toMatchObject({ instruction: 'Translate to French.', input: 'Good evening' });
    const viaFields = withAlpacaFields(user, { instruction: 'Translate to French.\nFormally.', input: 'Hi' });
    expect(alpaca().encode({ ...record, messages: [viaFields] }).json).toMatchObject({ instruction: 'Translate to French.\nFormally.', input: 'Hi' });
  });

  it('converts a chat conversation, reporting what Alpaca cannot hold', () => {
    const openAi = findCodec('openai-chat')!;
    const { record } = openAi.decode({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }, { role: 'user', content: 'Weather?' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'w', arguments: '{}' } }] }] });
    const encoded = alpaca().encode(record!);
    expect(encoded.json).toEqual({ system: 'Be brief.', instruction: 'Weather?', input: '', output: '', history: [['Hi', 'Hello']] });
    expect(encoded.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('the tool calls at messages[4].toolCalls')]);
  });

  it('joins a turn of several text blocks (Anthropic splits a text at its citations) and reports what it drops at its path: a call, a result, a block\'s fields', () => {
    const { record } = findCodec('anthropic')!.decode({
      messages: [
        { role: 'user', content: 'News?' },
        { role: 'assistant', content: [{ type: 'text', text: 'Searching.' }, { type: 'tool_use', id: 't1', name: 'search', input: { q: 'news' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'AI news' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Today: ' }, { type: 'text', text: 'AI news', citations: [{ type: 'web_search_result_location', url: 'https://x', title: 'X', cited_text: 'AI news', encrypted_index: 'e' }] }, { type: 'text', text: '.' }] },
      ],
    });
    const encoded = alpaca().encode(record!);
    // The blocks' texts are the turn's text, in order, nothing between (as Anthropic means them).
    expect(encoded.json).toEqual({ instruction: '', input: '', output: 'Today: AI news.', history: [['News?', 'Searching.']] });
    expect(encoded.diagnostics.map((d) => [d.path, d.loss])).toEqual([
      [['messages', 3, 'content', 'blocks', 1, 'extra'], 'content'],
      [['messages', 2], 'content'],
      [['messages', 1, 'content', 'blocks', 1], 'content'],
    ]);
  });

  it('says what is wrong with a broken record', () => {
    const decoded = alpaca().decode({ instruction: 'x', history: [['only one']] });
    expect(decoded.record).toBeUndefined();
    expect(decoded.diagnostics[0]?.message).toMatch(/^history: expected a list of \[query, answer\] pairs/);
  });

  it('round trips any record of its shape', () => {
    const record = fc
      .tuple(text, fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), fc.option(fc.array(fc.tuple(text, text), { maxLength: 2 }), { nil: undefined }), fc.oneof(fc.record({ output: text }), fc.record({ chosen: text, rejected: text })), fc.option(fc.boolean(), { nil: undefined }))
      .map(([instruction, input, system, history, completion, kto]) => ({
        instruction,
        ...(input !== undefined && { input }),
        ...completion,
        ...(system !== undefined && { system }),
        ...(history !== undefined && { history }),
        ...(kto !== undefined && { kto_tag: kto }),
      }));
    fc.assert(
      fc.property(record.map(asJson), (json) => {
        const encoded = alpaca().encode(read(json));
        expect(encoded.diagnostics).toEqual([]);
        expect(JSON.stringify(encoded.json)).toBe(JSON.stringify(json));
      }),
      { numRuns: 300 },
    );
  });
});
