/**
 * Property: every trl or LLaMA-Factory training record of the shapes Parley reads comes back
 * from decode then encode as the same JSON text, top-level key order included.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Conversation } from '../../model/types.ts';
import { findCodec } from '../registry.ts';
import { asJson, text, unknownKeys } from '../shared/test-arbitraries.ts';

const chatMessage = (role: string) => fc.record({ role: fc.constant(role), content: text });
const openAiPrompt = fc.tuple(fc.option(chatMessage('system'), { nil: undefined }), chatMessage('user')).map(([system, user]) => (system ? [system, user] : [user]));
const openAiBranch = fc.array(chatMessage('assistant'), { minLength: 1, maxLength: 2 });
const turn = (from: string) => fc.record({ from: fc.constant(from), value: text });

/** The same keys in any order: the writer must follow the source's. */
function shuffled(entries: fc.Arbitrary<[string, unknown][]>): fc.Arbitrary<Record<string, unknown>> {
  return entries.chain((list) => fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })).map((list) => Object.fromEntries(list));
}

const trlRecord = fc.oneof(
  // Explicit prompt: lists of messages or plain text, a preference or a completion, maybe a label.
  fc
    .tuple(fc.boolean(), fc.boolean(), openAiPrompt, openAiBranch, openAiBranch, text, text, text, fc.option(fc.boolean(), { nil: undefined }), unknownKeys)
    .chain(([plain, pair, prompt, chosen, rejected, promptText, chosenText, rejectedText, label, extra]) => {
      const entries: [string, unknown][] = [['prompt', plain ? promptText : prompt]];
      if (pair) entries.push(['chosen', plain ? chosenText : chosen], ['rejected', plain ? rejectedText : rejected]);
      else entries.push(['completion', plain ? chosenText : chosen]);
      if (label !== undefined) entries.push(['label', label]);
      entries.push(...Object.entries(extra));
      return shuffled(fc.constant(entries));
    }),
  // Implicit prompt: two lists (or texts) that share their start.
  fc.tuple(fc.boolean(), openAiPrompt, openAiBranch, openAiBranch, text, text, text).map(([plain, prompt, chosen, rejected, start, a, b]) => (plain ? { chosen: start + 'x' + a, rejected: start + 'y' + b } : { chosen: [...prompt, ...chosen], rejected: [...prompt, { role: 'assistant', content: 'other' }, ...rejected] })),
);

const llamaFactoryRecord = fc
  .tuple(fc.array(fc.oneof(turn('human'), turn('gpt')), { minLength: 1, maxLength: 3 }), turn('gpt'), turn('gpt'), fc.boolean(), fc.option(text, { nil: undefined }))
  .chain(([conversations, chosen, rejected, kto, system]) => {
    const entries: [string, unknown][] = [['conversations', conversations]];
    if (kto) entries.push(['kto_tag', chosen.value.length % 2 === 0]);
    else entries.push(['chosen', chosen], ['rejected', rejected]);
    if (system !== undefined) entries.push(['system', system]);
    return shuffled(fc.constant(entries));
  });

function roundTrips(dialect: string, doc: unknown): void {
  const codec = findCodec(dialect);
  const decoded = codec?.decode(doc);
  expect(decoded?.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const record = decoded?.record as Conversation;
  expect(record.branches !== undefined || record.label !== undefined).toBe(true);
  const encoded = codec?.encode(record);
  expect(encoded?.diagnostics).toEqual([]);
  expect(JSON.stringify(encoded?.json)).toBe(JSON.stringify(doc));
}

describe('training records round trip', () => {
  it('trl records of OpenAI messages or plain text', () => {
    fc.assert(
      fc.property(trlRecord.map(asJson), (doc) => roundTrips('openai-chat', doc)),
      { numRuns: 400 },
    );
  });

  it('LLaMA-Factory ShareGPT preference and KTO records', () => {
    fc.assert(
      fc.property(llamaFactoryRecord.map(asJson), (doc) => roundTrips('sharegpt', doc)),
      { numRuns: 300 },
    );
  });
});
