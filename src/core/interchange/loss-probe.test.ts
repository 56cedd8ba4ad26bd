/** The loss probe: thought flags that an encoder drops without saying are reported for it. */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../model/builders.ts';
import type { ParleyRecord } from '../model/types.ts';
import { lostInConversion } from '../shared/lost-in-conversion.ts';
import { silentLosses, withLossProbe } from './loss-probe.ts';
import { CODECS } from './registry.ts';
import type { InterchangeCodec } from './types.ts';

const FLAGGED = conversation([textMessage('user', 'first'), textMessage('system', 'Think.', { thoughtFlags: ['reflect', 'reason'] }), textMessage('user', 'Hi')]);
const LOST = 'lost in conversion: the thought flags <|reflect|><|reason|> at messages[1].thoughtFlags';

/** A codec that keeps records as they are (JSON is the record): it holds every field. */
const holding: InterchangeCodec = {
  id: 'holding',
  label: 'Holding',
  detect: () => 0,
  decode: (json) => ({ record: json as ParleyRecord, diagnostics: [] }),
  encode: (record) => ({ json: structuredClone(record), diagnostics: [] }),
};

/** A codec that writes only the message texts and says nothing about the rest. */
const forgetful: InterchangeCodec = {
  ...holding,
  id: 'forgetful',
  label: 'Forgetful',
  encode: (record) => ({ json: record.kind === 'chat' ? { ...record, messages: record.messages.map(({ thoughtFlags: _, ...m }) => m) } : record, diagnostics: [] }),
};

describe('loss probe', () => {
  it.each(CODECS.filter((c) => c.id !== 'parley-json').map((c) => [c.id, c] as const))('%s reports the thought flags it cannot hold', (_id, codec) => {
    const messages = codec.encode(FLAGGED).diagnostics.map((d) => d.message);
    expect(messages.filter((m) => m.includes('thought flags'))).toEqual([`${LOST} (${codec.label} has no place for them)`]);
  });

  it.each(CODECS.filter((c) => c.id !== 'parley-json' && c.id !== 'apertus-json').map((c) => [c.id, c] as const))(
    '%s reports the keys of an Apertus content mapping that it cannot hold',
    (_id, codec) => {
      const record = CODECS.find((c) => c.id === 'apertus-json')?.decode({ messages: [{ role: 'user', content: { text: 'T', parts: [{ type: 'text', text: 'P' }] } }] }).record;
      if (!record) throw new Error('apertus-json did not read the mapping');
      const messages = codec.encode(record).diagnostics.map((d) => d.message);
      expect(messages.filter((m) => m.includes('content keys'))).toEqual([expect.stringContaining('lost in conversion: the content keys "text" at messages[0].content.extra')]);
    },
  );

  it('apertus-json and parley-json keep the keys of a content mapping: nothing to report', () => {
    const apertus = CODECS.find((c) => c.id === 'apertus-json');
    const record = apertus?.decode({ messages: [{ role: 'user', content: { text: 'T', parts: [{ type: 'text', text: 'P' }] } }] }).record;
    if (!apertus || !record) throw new Error('apertus-json did not read the mapping');
    for (const codec of CODECS.filter((c) => c.id === 'parley-json' || c.id === 'apertus-json')) {
      expect(codec.encode(record).diagnostics.filter((d) => d.message.includes('content keys'))).toEqual([]);
    }
  });

  it('parley-json holds them: nothing to report', () => {
    expect(CODECS.find((c) => c.id === 'parley-json')?.encode(FLAGGED).diagnostics).toEqual([]);
  });

  it('reports for a codec that drops them silently, not for one that keeps them', () => {
    expect(withLossProbe(forgetful).encode(FLAGGED).diagnostics.map((d) => d.message)).toEqual([`${LOST} (Forgetful has no place for them)`]);
    expect(withLossProbe(holding).encode(FLAGGED).diagnostics).toEqual([]);
  });

  it('does not repeat a loss the encoder reported itself', () => {
    const own = lostInConversion('the thought flags', 'its own words', ['messages', 1, 'thoughtFlags']);
    const honest: InterchangeCodec = { ...forgetful, encode: (record) => ({ ...forgetful.encode(record), diagnostics: [own] }) };
    expect(withLossProbe(honest).encode(FLAGGED).diagnostics).toEqual([own]);
  });

  it('passes encode options through', () => {
    const seen: unknown[] = [];
    const optioned: InterchangeCodec = { ...holding, encode: (record, options) => (seen.push(options), holding.encode(record)) };
    withLossProbe(optioned).encode(FLAGGED, { legacyFunctionCall: true });
    expect(seen).toEqual([{ legacyFunctionCall: true }]);
  });

  it('does not read anything back when no probed field is set', () => {
    const reads: unknown[] = [];
    const spy: InterchangeCodec = { ...forgetful, decode: (json) => (reads.push(json), forgetful.decode(json)) };
    const plain = conversation([textMessage('system', 'No flags.')]);
    expect(silentLosses(spy, plain, spy.encode(plain))).toEqual([]);
    expect(reads).toEqual([]);
  });
});

describe('loss probe: what OpenAI Responses keeps only in its own notes', () => {
  /** Dialects with a reasoning field: Anthropic `thinking`, spec 002 `reasoning`, Apertus thoughts blocks. */
  const REASONING_TARGETS = new Set(['anthropic', 'chat-completion', 'apertus-json', 'llamafactory']);
  const responses = CODECS.find((c) => c.id === 'openai-responses');
  // Two assistant message items in one turn (the second has its own id and status), and a
  // reasoning item whose summary has two parts: shapes of OpenAI's Responses API.
  const doc = {
    input: [
      { role: 'user', content: 'Hi' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'First.' }, { type: 'summary_text', text: 'Second.' }] },
      { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'One.' }] },
      { type: 'message', role: 'assistant', id: 'msg_2', status: 'completed', content: [{ type: 'output_text', text: 'Two.' }] },
    ],
  };

  it('another dialect reports them; Responses writes them back', () => {
    if (!responses) throw new Error('openai-responses is not registered');
    const decoded = responses.decode(doc);
    expect(decoded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const record = decoded.record as ParleyRecord;
    expect(responses.encode(record).diagnostics.filter((d) => /message item fields|parts of the reasoning summary/.test(d.message))).toEqual([]);
    for (const target of CODECS.filter((c) => c.id !== 'openai-responses' && c.id !== 'parley-json')) {
      const diagnostics = target.encode(record).diagnostics;
      expect(diagnostics.some((d) => d.message.includes('the message item fields "id", "status" (OpenAI Responses)')), target.id).toBe(true);
      // Targets with a place for reasoning keep the text and lose the parts; the others lose the
      // whole thoughts block (reported at the block), which takes the parts with it.
      const summaryLost = diagnostics.some((d) => d.message.includes('the 2 parts of the reasoning summary'));
      const blockLost = diagnostics.some((d) => d.code === 'lost-in-conversion' && JSON.stringify(d.path) === '["messages",1,"content","blocks",0]');
      const keepsReasoning = REASONING_TARGETS.has(target.id);
      expect([summaryLost, blockLost], target.id).toEqual([keepsReasoning, !keepsReasoning]);
    }
  });

  it('a loss of another field of the block (its text part\'s annotations) does not hide the item fields (found by the oracle of extra)', () => {
    if (!responses) throw new Error('openai-responses is not registered');
    const withAnnotations = structuredClone(doc);
    (withAnnotations.input[3] as { content: object[] }).content = [{ type: 'output_text', text: 'Two.', annotations: [{ type: 'url_citation' }] }];
    const record = responses.decode(withAnnotations).record as ParleyRecord;
    for (const target of CODECS.filter((c) => c.id !== 'openai-responses' && c.id !== 'parley-json' && c.id !== 'apertus-json')) {
      const diagnostics = target.encode(record).diagnostics;
      expect(diagnostics.some((d) => d.message.includes('"annotations"')), target.id).toBe(true);
      expect(diagnostics.some((d) => d.message.includes('the message item fields "id", "status" (OpenAI Responses)')), target.id).toBe(true);
    }
  });
});
