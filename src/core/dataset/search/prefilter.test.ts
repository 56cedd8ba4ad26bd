import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODECS } from '../../interchange/registry.ts';
import { jsonObject, text as trickyText } from '../../interchange/shared/test-arbitraries.ts';
import { newId } from '../../model/ids.ts';
import type { Conversation, Message } from '../../model/types.ts';
import { compileQuery, type SearchQuery } from './query.ts';
import { prefilterOf, searchAnchor, unescapeJson } from './prefilter.ts';
import { countInRecordText, readForSearch } from './search-record.ts';
import { textFields } from './text-fields.ts';

function query(pattern: string, caseSensitive = true): SearchQuery {
  return { pattern, regex: false, caseSensitive };
}

describe('searchAnchor', () => {
  it('takes the longest piece free of what JSON writing adds', () => {
    expect(searchAnchor('the weather', true)).toBe('weather');
    // "t" could be the tail of an escape \t; "da" of \u00da.
    expect(searchAnchor('the', true)).toBe('he');
    expect(searchAnchor('database', true)).toBe('tabase');
    expect(searchAnchor('say "hi": {now}', true)).toBe('say');
  });

  it('gives none for texts a re-written number or null could hold, or that are all separators', () => {
    expect(searchAnchor('12.5', true)).toBeUndefined();
    expect(searchAnchor('1e-7', true)).toBeUndefined();
    expect(searchAnchor('NULL', false)).toBeUndefined();
    expect(searchAnchor('", "', true)).toBeUndefined();
    // c, a, f could end an escape \u0caf… no: \ud caf is a surrogate tail, so only "e" stays, and e is a number's.
    expect(searchAnchor('cafe', true)).toBeUndefined();
  });

  it('strips escape tails whatever the case when the case is ignored', () => {
    expect(searchAnchor('Never', true)).toBe('Never');
    expect(searchAnchor('Never', false)).toBe('ever');
  });
});

describe('prefilterOf', () => {
  it('has none for regular expressions', () => {
    expect(prefilterOf({ pattern: 'Paris', regex: true, caseSensitive: true })).toBeUndefined();
  });

  it('rules out a line without the anchor and keeps one with it, escaped or not', () => {
    const filter = prefilterOf(query('café au lait'));
    expect(filter?.anchor).toBe('lait');
    expect(filter?.mayMatch('{"content":"un café"}')).toBe(false);
    expect(filter?.mayMatch('{"content":"café au lait"}')).toBe(true);
    expect(filter?.mayMatch('{"content":"caf\\u00e9 au \\u006cait"}')).toBe(true);
    // JSON text inside a JSON string (ShareGPT function_call values): escapes undone twice.
    expect(filter?.mayMatch('{"value":"{\\"q\\": \\"\\\\u006cait\\"}"}')).toBe(true);
  });

  it('ignores the case when asked', () => {
    const filter = prefilterOf(query('PARIS', false));
    expect(filter?.mayMatch('{"content":"paris"}')).toBe(true);
    expect(filter?.mayMatch('{"content":"lyon"}')).toBe(false);
  });
});

describe('unescapeJson', () => {
  it('undoes every escape, left to right', () => {
    expect(unescapeJson('a\\nb\\\\u0041\\u0041\\"')).toBe('a\nb\\u0041A"');
  });
});

// --- property: the prefilter never rules out a record that has a match --------------------------

// Many distinct characters, so that a needle's anchor is rarely found elsewhere in the line by chance.
const letters = fc.string({ unit: fc.oneof(fc.constantFrom(...'abcdefnrtuxyzABNQZ019.:- '), fc.integer({ min: 0x4e00, max: 0x4e40 }).map((c) => String.fromCharCode(c))), minLength: 2, maxLength: 8 });
const fieldText = fc.oneof(trickyText, letters, fc.tuple(trickyText, letters).map(([a, b]) => a + b));

const conversation: fc.Arbitrary<Conversation> = fc
  .record({
    user: fieldText,
    thought: fieldText,
    reply: fieldText,
    args: fc.oneof(jsonObject.map((o) => JSON.stringify(o)), fc.tuple(fieldText, fc.integer()).map(([t, n]) => JSON.stringify({ q: t, n })), fieldText),
    output: fieldText,
  })
  .map(({ user, thought, reply, args, output }) => {
    const messages: Message[] = [
      { id: newId('m'), role: 'user', content: { type: 'text', text: user } },
      {
        id: newId('m'),
        role: 'assistant',
        content: {
          type: 'blocks',
          blocks: [
            { id: newId('b'), type: 'thoughts', text: thought },
            { id: newId('b'), type: 'response', text: reply },
            { id: newId('b'), type: 'tool_calls', calls: [{ id: newId('c'), callId: 'call_1', name: 'f', arguments: args }] },
          ],
        },
      },
      { id: newId('m'), role: 'tool', toolCallId: 'call_1', content: { type: 'text', text: output } },
    ];
    return { kind: 'chat', messages, tools: [] };
  });

/**
 * JSON text whose strings escape every character `escape` picks as \uXXXX (any writer may), and
 * whose integers are written with an exponent (`1234` as `12.34e2`: the same number, other text).
 */
function stringifyEscaping(value: unknown, escape: (code: number) => boolean): string {
  if (typeof value === 'number' && Number.isInteger(value) && value !== 0) return `${value / 100}e2`;
  if (typeof value === 'string') {
    let out = '"';
    for (const char of JSON.stringify(value).slice(1, -1).split(/(\\u[0-9a-f]{4}|\\.)/)) {
      if (char.startsWith('\\')) out += char;
      else for (let i = 0; i < char.length; i++) out += escape(char.charCodeAt(i)) ? `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}` : char[i];
    }
    return `${out}"`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => stringifyEscaping(v, escape)).join(',')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${stringifyEscaping(k, escape)}:${stringifyEscaping(v, escape)}`).join(',')}}`;
  return JSON.stringify(value);
}

const escaping = fc.constantFrom<(code: number) => boolean>(
  () => false,
  (code) => code > 0x7e,
  (code) => code % 3 === 0,
);

/** A ShareGPT record whose function_call value is JSON text written with escapes, inside a string. */
const sharegptLine = fc.tuple(fieldText, fieldText, fc.integer(), escaping, escaping).map(([user, q, n, inner, outer]) => stringifyEscaping({ conversations: [{ from: 'human', value: user }, { from: 'function_call', value: stringifyEscaping({ name: 'f', arguments: { q, n } }, inner) }] }, outer));

const line = fc.oneof(
  fc.tuple(conversation, fc.constantFrom(...CODECS), escaping).map(([record, codec, escape]) => stringifyEscaping(codec.encode(record).json, escape)),
  sharegptLine,
);

describe('prefilter soundness', () => {
  it('never rules out a line whose decoded fields hold the text, in any dialect and escaping', () => {
    fc.assert(
      fc.property(line, fc.nat(), fc.nat(), fc.nat(), fc.boolean(), (line, pick, from, length, caseSensitive) => {
        const read = readForSearch(line);
        if (!read) return;
        const fields = textFields(read.record).filter((f) => f.text.length > 0);
        const field = fields[pick % Math.max(fields.length, 1)];
        if (!field) return;
        const start = from % field.text.length;
        const needle = field.text.slice(start, start + 1 + (length % 12));
        const q = query(caseSensitive ? needle : needle.toUpperCase(), caseSensitive);
        const compiled = compileQuery(q);
        if (!compiled.ok) return;
        const filter = prefilterOf(q);
        // The record has a match, so the prefilter must let it through, and the counts agree.
        const exact = countInRecordText(line, compiled.matcher, undefined);
        if (exact > 0 && filter) expect(filter.mayMatch(line), `${needle} in ${line}`).toBe(true);
        expect(countInRecordText(line, compiled.matcher, filter)).toBe(exact);
      }),
      { numRuns: 3000 },
    );
  });
});
