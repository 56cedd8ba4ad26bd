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
import { apertusFormat } from '../formats/apertus/index.ts';
import type { ApertusOptions } from '../formats/apertus/options.ts';
import { chooseDialect, cleanNativeReadingHow } from '../interchange/choose-dialect.ts';
import { withoutIds } from '../model/ids.ts';
import { checkRecord } from '../checks/check-record.ts';
import { withoutSource } from '../checks/list.ts';
import { cleanCheckFor, type CleanCheck } from './index.ts';

const GOLDENS = join(dirname(fileURLToPath(import.meta.url)), '../../../test/goldens/apertus');
const cleanCheck = (options: Partial<ApertusOptions> = {}): CleanCheck => cleanCheckFor('apertus', options) ?? (() => false);

/** Every diagnostic of the one check of a record (checkRecord: what `parley validate` reports), and how it was read. */
function fullCheck(json: unknown, options: Partial<ApertusOptions> = {}): { diagnostics: unknown[]; how: string | undefined; dialect: string | undefined } {
  const reading = withoutIds(() => chooseDialect(json, { format: apertusFormat }));
  const record = reading?.decoded.record;
  if (!reading || !record) return { diagnostics: ['unreadable'], how: undefined, dialect: undefined };
  const checked = checkRecord({ record, readerDiagnostics: reading.decoded.diagnostics }, { formatId: 'apertus', formatOptions: options }, { once: true });
  return { diagnostics: withoutSource(checked.diagnostics), how: reading.how, dialect: reading.codec.id };
}

const word = fc.constantFrom('hello', 'Zurich', 'précis', '— ok', '"quoted"', 'a\nb', '', ' ', '<b>', '<|', '|>', 'x<|user_end|>y', '<s>', '<|inner_prefix|>', '{"a": 1}');
const text = fc.array(word, { maxLength: 3 }).map((words) => words.join(' '));
/** Mostly text the checks accept; sometimes one with a special token or the BOS text in it. */
const authorText = fc.oneof({ weight: 30, arbitrary: fc.constantFrom('hi', 'The weather in Zurich', 'précisément — ok', 'a "b" c\n', '') }, { weight: 1, arbitrary: text });

const toolName = fc.oneof({ weight: 20, arbitrary: fc.constantFrom('get_weather', 'web_search', 'calculator') }, { weight: 1, arbitrary: fc.constantFrom('unknown_tool', '', ' ') });
const args = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom('{"city": "Bern"}', '{"query": "x", "limit": 3}', '{"expression": "1+1"}', '{}', '{"city": "Bern", "unit": "celsius"}') },
  { weight: 2, arbitrary: fc.constantFrom('{"city": 3}', '{"unit": "kelvin", "city": "x"}', '{"nope": 1}', '[1]', '{bad json', '', '"text"', '{"city": "<|user_start|>"}') },
  { weight: 1, arbitrary: fc.constant({ city: 'Bern' }) },
);
const extraKey = fc.constantFrom('id', 'x_meta', 'meta', 'tool_call_id', 'name', 'kind', 'type', 'text', 'blocks', 'parts', 'calls', 'output', 'function');
/** `{...node}`, sometimes with a key the check does not accept. */
function sometimesExtra<T extends object>(node: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(node, fc.option(fc.tuple(extraKey, fc.constantFrom('call_1', 'reason', 'function', 1, null)), { freq: 30 })).map(([n, extra]) => (extra ? { ...n, [extra[0]]: extra[1] } : n));
}

const call = sometimesExtra(fc.record({ name: toolName, arguments: args }));
const block = fc.oneof(
  { weight: 10, arbitrary: sometimesExtra(fc.record({ type: fc.constantFrom('thoughts', 'response'), text: authorText })) },
  { weight: 10, arbitrary: sometimesExtra(fc.record({ type: fc.constant('tool_calls'), calls: fc.array(call, { maxLength: 2 }) })) },
  { weight: 5, arbitrary: sometimesExtra(fc.record({ type: fc.constant('tool_outputs'), outputs: fc.array(sometimesExtra(fc.record({ output: authorText })), { maxLength: 2 }) })) },
  { weight: 1, arbitrary: fc.constantFrom({ type: 'image' }, { type: 'thoughts', text: 3 }, { type: 'tool_calls', calls: 'x' }, 'block', null) },
);
const content = fc.oneof(
  { weight: 30, arbitrary: authorText },
  { weight: 30, arbitrary: fc.record({ blocks: fc.array(block, { maxLength: 4 }) }) },
  { weight: 5, arbitrary: fc.record({ text: authorText }) },
  { weight: 5, arbitrary: fc.record({ parts: fc.array(sometimesExtra(fc.record({ type: fc.constantFrom('text', 'text', 'image'), text: authorText })), { maxLength: 2 }) }) },
  { weight: 2, arbitrary: fc.constantFrom(null, 3, [], { blocks: [], text: 'both' }, { other: 1 }) },
);
const role = fc.oneof({ weight: 20, arbitrary: fc.constantFrom('system', 'user', 'assistant', 'tool') }, { weight: 1, arbitrary: fc.constantFrom('developer', 'bot', 'function') });
const message = fc.oneof(
  { weight: 30, arbitrary: sometimesExtra(fc.record({ role, content })) },
  { weight: 1, arbitrary: fc.record({ role }) },
  { weight: 1, arbitrary: fc.constantFrom('message', null, { content: 'no role' }) },
);
const tools = fc.constantFrom(
  undefined,
  [],
  TOOLS,
  TOOLS,
  TOOLS,
  [TOOLS[0]],
  [{ type: 'function', function: TOOLS[0] }],
  [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  [{ name: 'x', description: 'uses <|tools_prefix|> in its text', parameters: { type: 'object', properties: {} } }],
  'tools',
);
/** A conversation that begins as the templates expect: a system message, then user/assistant turns. */
const ordered = fc.tuple(fc.option(fc.record({ role: fc.constant('system'), content: authorText }), { nil: undefined }), fc.array(fc.tuple(fc.record({ role: fc.constant('user'), content: authorText }), fc.array(fc.record({ role: fc.constantFrom('assistant', 'tool'), content }), { maxLength: 3 })), { maxLength: 3 }));
const messages = fc.oneof(
  { weight: 4, arbitrary: ordered.map(([system, turns]) => [...(system ? [system] : []), ...turns.flatMap(([user, rest]) => [user, ...rest])]) },
  { weight: 1, arbitrary: fc.array(message, { maxLength: 6 }) },
);
const record = fc.tuple(messages, tools, fc.option(fc.constantFrom({ x_meta: 1 }, { model: 'gpt' }, { system: 'anthropic' }), { freq: 10 })).map(([list, toolList, extra]) => ({ messages: list, ...(toolList === undefined ? {} : { tools: toolList }), ...(extra ?? {}) }));
const options = fc.constantFrom<Partial<ApertusOptions>>({}, { bosToken: '' }, { bosToken: 'hi' }, { date: 'tomorrow' }, { date: '2026-01-02', enableThinking: false, addGenerationPrompt: true });

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
        // The dialect the command then names is the one the full reading chose.
        const how = cleanNativeReadingHow(value, { format: apertusFormat }, verdict === 'clean-keeps-unknown');
        if (how === undefined) expect(full.dialect).not.toBe('apertus-json');
        else expect({ dialect: full.dialect, how: full.how }).toEqual({ dialect: 'apertus-json', how });
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
});
