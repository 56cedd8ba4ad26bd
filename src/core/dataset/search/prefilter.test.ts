import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODECS } from '../../interchange/registry.ts';
import type { SearchQuery } from './query.ts';
import { prefilterOf as prefilterOfSearch, searchAnchor, unescapeJson } from './prefilter.ts';
import { compileSearch, type CompiledSearch } from './scope.ts';
import { countInRecordText, readForSearch } from './search-record.ts';
import { textFields } from './text-fields.ts';
import { conversation, escaping, fieldText, stringifyEscaping } from './test-records.ts';

function query(pattern: string, caseSensitive = true): SearchQuery {
  return { pattern, regex: false, caseSensitive };
}

function compiled(q: SearchQuery): CompiledSearch {
  const result = compileSearch(q);
  if (!result.ok) throw new Error(result.error);
  return result.search;
}

function prefilterOf(q: SearchQuery): ReturnType<typeof prefilterOfSearch> {
  return prefilterOfSearch(compiled(q));
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
    expect(filter?.anchors).toEqual(['lait']);
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
        // text: so that a needle that looks like a qualifier is searched as the text it is.
        const q = query(`text:${caseSensitive ? needle : needle.toUpperCase()}`, caseSensitive);
        const result = compileSearch(q);
        if (!result.ok) return;
        const filter = prefilterOfSearch(result.search);
        // The record has a match, so the prefilter must let it through, and the counts agree.
        const exact = countInRecordText(line, result.search, undefined);
        if (exact > 0 && filter) expect(filter.mayMatch(line), `${needle} in ${line}`).toBe(true);
        expect(countInRecordText(line, result.search, filter)).toBe(exact);
      }),
      { numRuns: 3000 },
    );
  });
});
