/**
 * The clean check against the full checks it stands in for: whenever it says "clean", reading
 * the record (chooseDialect with the Apertus format), `validateRecord` and the render give no
 * diagnostic and the record is read natively. Records are generated near the edge: every
 * shape the check accepts, next to the small changes that make the full checks speak (a
 * special token in a text, a call id, a null content, a role out of place, a wrong argument…).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeConversation, TOOLS } from '../../../bench/conversations.ts';
import { options, record } from './test-records.ts';
import { apertusFormat } from '../formats/apertus/index.ts';
import type { ApertusOptions } from '../formats/apertus/options.ts';
import { chooseDialect, cleanNativeReadingHow } from '../interchange/choose-dialect.ts';
import { findCodec } from '../interchange/registry.ts';
import { withoutIds } from '../model/ids.ts';
import { checkRecord } from '../checks/check-record.ts';
import { withoutSource } from '../checks/list.ts';
import { findJsonTooDeep, MAX_JSON_DEPTH } from '../validate/json-depth.ts';
import { cleanCheckFor, type CleanCheck } from './index.ts';

const GOLDENS = join(dirname(fileURLToPath(import.meta.url)), '../../../test/goldens/apertus');
const cleanCheck = (options: Partial<ApertusOptions> = {}): CleanCheck => cleanCheckFor('apertus', options) ?? (() => false);

/**
 * Every diagnostic of the one check of a record (checkRecord: what `parley validate` reports)
 * read as Apertus JSON (what the clean check speaks of), and how it was read.
 */
function fullCheck(json: unknown, options: Partial<ApertusOptions> = {}): { diagnostics: unknown[]; how: string | undefined; dialect: string | undefined } {
  const reading = withoutIds(() => chooseDialect(json, { override: findCodec('apertus-json') }));
  const record = reading?.decoded.record;
  if (!reading || !record) return { diagnostics: ['unreadable'], how: undefined, dialect: undefined };
  const checked = checkRecord({ record, readerDiagnostics: reading.decoded.diagnostics }, { formatId: 'apertus', formatOptions: options }, { once: true });
  return { diagnostics: withoutSource(checked.diagnostics), how: reading.how, dialect: reading.codec.id };
}

describe('the Apertus clean check', () => {
  it('says clean only of records the full checks find clean, read natively', () => {
    // One check per options for the whole run, as in a command: its memo of tools is exercised too.
    const checks = new Map<Partial<ApertusOptions>, CleanCheck>();
    fc.assert(
      fc.property(record, options, (json, opts) => {
        const value = JSON.parse(JSON.stringify(json)) as unknown;
        const check = checks.get(opts) ?? checks.set(opts, cleanCheck(opts)).get(opts);
        const verdict = check?.(value) ?? false;
        if (verdict === false) return;
        const full = fullCheck(value, opts);
        expect(full.diagnostics).toEqual([]);
        // The command takes the quick path only where its reading (by evidence) is Apertus JSON, and says so as that reading would.
        const quick = cleanNativeReadingHow(value, apertusFormat, {});
        const detected = chooseDialect(value);
        if (quick === undefined) expect(detected?.codec.id).not.toBe('apertus-json');
        else expect({ dialect: detected?.codec.id, how: detected?.how, note: detected?.note }).toEqual({ dialect: 'apertus-json', how: quick.how, note: quick.note });
      }),
      { numRuns: 5000 },
    );
  });

  it('says clean of many generated records (the property above is not vacuous)', () => {
    const values = fc.sample(record, { numRuns: 2000, seed: 7 }).map((json) => JSON.parse(JSON.stringify(json)) as unknown);
    const check = cleanCheck();
    const clean = values.filter((value) => fullCheck(value).diagnostics.length === 0);
    const quick = values.filter((value) => check(value));
    expect(quick.length).toBeGreaterThan(200);
    // Of the records the full checks find clean, the quick check proves most.
    expect(quick.length / clean.length).toBeGreaterThan(0.6);
  });

  it('proves the benchmark conversations and the clean goldens clean', () => {
    const check = cleanCheck();
    for (let seed = 0; seed < 20; seed++) expect(check(JSON.parse(JSON.stringify(makeConversation(100, seed))))).toBe('clean');
    const goldens = readdirSync(GOLDENS)
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ file, ...(JSON.parse(readFileSync(join(GOLDENS, file), 'utf8')) as { conversation: unknown; options?: Partial<ApertusOptions> }) }));
    const proved = goldens.filter(({ conversation, options: opts }) => cleanCheck(opts)(conversation));
    for (const { file, conversation, options: opts } of proved) expect(fullCheck(conversation, opts).diagnostics, file).toEqual([]);
    const clean = goldens.filter(({ conversation, options: opts }) => fullCheck(conversation, opts).diagnostics.length === 0);
    expect(proved.length).toBeGreaterThan(clean.length * 0.6);
    expect(proved.map(({ file }) => file)).toContain('agentic-session.json');
  });

  it('defers on what the full checks report', () => {
    const check = cleanCheck();
    const base = { messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'get_weather', arguments: '{"city": "Bern"}' }] }] } }], tools: TOOLS };
    expect(check(base)).toBe('clean');
    const variants: unknown[] = [
      { ...base, messages: [{ role: 'user', content: 'a <|user_end|> b' }] },
      { ...base, messages: [{ role: 'user', content: 'a <s> b' }] },
      { ...base, messages: [{ role: 'user', content: null }] },
      { ...base, messages: [{ role: 'user', content: 'hi', name: 'ann' }] },
      { ...base, messages: [{ role: 'tool', content: 'out of turn' }] },
      { ...base, messages: [{ role: 'user', content: 'hi' }, { role: 'system', content: 'late' }] },
      { ...base, messages: [{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'get_weather', arguments: '{"city": 3}' }] }] } }] },
      { ...base, messages: [{ role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'get_weather', arguments: '{"city": "x"}', id: 'c1' }] }] } }, { role: 'tool', content: 'r' }] },
      { ...base, messages: [{ role: 'assistant', content: 'a' }, { role: 'assistant', content: { blocks: [] } }] },
      { ...base, messages: [{ role: 'assistant', content: { blocks: [] } }, { role: 'tool', content: 'r' }, { role: 'assistant', content: { blocks: [{ type: 'tool_outputs', outputs: [{ output: 'r' }] }] } }] },
      { ...base, tools: [{ type: 'function', function: TOOLS[0] }] },
      // The structural checks: an empty assistant turn, a call left unanswered while the
      // conversation goes on, a result that answers no call, a call to a tool not defined.
      { ...base, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: ' ' }] },
      { ...base, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: '' }] } }] },
      { ...base, messages: [...base.messages, { role: 'user', content: 'next' }] },
      { ...base, messages: [...base.messages, { role: 'assistant', content: { blocks: [{ type: 'response', text: 'so' }] } }] },
      { ...base, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'a' }, { role: 'tool', content: 'r' }] },
      { ...base, messages: [...base.messages, { role: 'tool', content: 'r1' }, { role: 'tool', content: 'r2' }] },
      { ...base, messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'nope', arguments: '{}' }] }] } }] },
    ];
    for (const variant of variants) {
      expect(check(variant), JSON.stringify(variant)).toBe(false);
      expect(fullCheck(variant).diagnostics.length, JSON.stringify(variant)).toBeGreaterThan(0);
    }
    // A field the reader does not know is kept silently; it may change the dialect, so the answer says so.
    // A call answered in order, and calls waiting at the end of the record (followed by results only), are clean.
    expect(check({ ...base, messages: [...base.messages, { role: 'tool', content: 'r' }, { role: 'user', content: 'next' }] })).toBe('clean');
    expect(check(JSON.parse(JSON.stringify(makeConversation(4, 0))))).toBe('clean');
    expect(check({ ...base, x_meta: 1 })).toBe('clean-keeps-unknown');
    expect(check({ ...base, x_meta: 1, messages: [{ role: 'user', content: 'hi', name: 'ann' }] })).toBe(false);
  });

  it('proves the depth with "clean": tools nested past the limit are not sure, unknown fields are said', () => {
    // parley validate skips its depth walk of a record the check calls clean (types.ts): a
    // verdict "clean" on a value nested past MAX_JSON_DEPTH would let it reach recursive code.
    const nested = (levels: number): unknown => {
      let schema: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < levels; i++) schema = { type: 'array', items: schema };
      return schema;
    };
    const toolsAt = (levels: number) => [{ name: 'deep', description: 'nested', parameters: { type: 'object', properties: { a: nested(levels) } } }];
    const base = { messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok' }] };
    const deepest = (verdictOf: CleanCheck, value: unknown): { verdict: unknown; tooDeep: boolean } => ({ verdict: verdictOf(value), tooDeep: findJsonTooDeep(value) !== undefined });
    fc.assert(
      fc.property(record, fc.integer({ min: 0, max: 3 * MAX_JSON_DEPTH }), fc.constantFrom('tools', 'unknown', 'both'), (json, levels, where) => {
        const check = cleanCheck();
        const value = JSON.parse(JSON.stringify({ ...json, ...(where !== 'unknown' ? { tools: toolsAt(levels) } : {}), ...(where !== 'tools' ? { x_meta: nested(levels) } : {}) })) as unknown;
        const { verdict, tooDeep } = deepest(check, value);
        if (verdict === 'clean') expect(tooDeep).toBe(false);
      }),
      { numRuns: 300 },
    );
    // At the edge: tools that just fit are clean, one level more is not sure. The record, the
    // tools list, the tool, its parameters, their properties and the last schema are 6 levels,
    // each `items` one more.
    const fits = MAX_JSON_DEPTH - 6;
    const check = cleanCheck();
    const within = JSON.parse(JSON.stringify({ ...base, tools: toolsAt(fits) })) as unknown;
    const past = JSON.parse(JSON.stringify({ ...base, tools: toolsAt(fits + 1) })) as unknown;
    expect(deepest(check, within)).toEqual({ verdict: 'clean', tooDeep: false });
    expect(deepest(check, past)).toEqual({ verdict: false, tooDeep: true });
    // The same deep tools again (the check remembers the last tools): still not sure.
    expect(check(past)).toBe(false);
    expect(check(JSON.parse(JSON.stringify({ ...base, x_meta: nested(MAX_JSON_DEPTH) })))).toBe('clean-keeps-unknown');
  });
});
