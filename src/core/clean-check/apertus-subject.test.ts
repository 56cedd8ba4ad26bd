/**
 * The rules' reading of an Apertus JSON record that the clean check proved clean (its roles and
 * texts, read from the JSON) against their reading of the model: the same roles, the same texts
 * at the same paths in the same order, and so, for any rules, the same diagnostics as the one
 * check of the record (`checkRecord`). What lets `parley validate --rules` skip building the
 * model for such records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeConversation } from '../../../bench/conversations.ts';
import { checkProvenClean, checkRecord } from '../checks/check-record.ts';
import { withoutSource } from '../checks/list.ts';
import { subjectOf, type RuleSubject } from '../checks/rules/subject.ts';
import type { LintRules } from '../checks/rules/types.ts';
import { apertusFormat } from '../formats/apertus/index.ts';
import type { ApertusOptions } from '../formats/apertus/options.ts';
import { chooseDialect, cleanNativeReadingHow } from '../interchange/choose-dialect.ts';
import { findCodec } from '../interchange/registry.ts';
import { withoutIds } from '../model/ids.ts';
import type { FieldPath } from '../model/path.ts';
import { cleanCheckFor, cleanRuleSubjectFor, type CleanCheck } from './index.ts';
import { options, record } from './test-records.ts';

const subjectOfJson = cleanRuleSubjectFor('apertus')!;

/** Every text field a subject visits: its text, message and path. */
function textsOf(subject: RuleSubject, only?: readonly string[]): { text: string; message: number | undefined; path: FieldPath }[] {
  const out: { text: string; message: number | undefined; path: FieldPath }[] = [];
  subject.eachText((text, message, spot) => out.push({ text, message, path: spot.path() }), only);
  return out;
}

function decoded(json: unknown) {
  const reading = withoutIds(() => chooseDialect(json, { override: findCodec('apertus-json') }));
  const model = reading?.decoded.record;
  if (!reading || !model) throw new Error('a clean record is readable');
  return { model, readerDiagnostics: reading.decoded.diagnostics };
}

const roleName = fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool', 'bot');
const roles = fc.uniqueArray(roleName, { minLength: 1, maxLength: 4 });
const severity = fc.option(fc.constantFrom('error' as const, 'warning' as const, 'info' as const), { nil: undefined });
/** Found in the generated texts (test-records.ts' words and arguments) often enough to speak. */
const pattern = fc.constantFrom({ text: 'Zurich' }, { text: 'hi' }, { text: 'city' }, { text: '"' }, { regex: 'pr[eé]cis', flags: 'i' }, { regex: '\\bok\\b' }, { regex: '\\d+' }, { regex: '(' }, { text: '' });
const withSeverity = <T extends object>(rule: fc.Arbitrary<T>) => fc.tuple(rule, severity).map(([r, s]) => (s === undefined ? r : { ...r, severity: s }));
const rules = fc.record(
  {
    allowedRoles: withSeverity(fc.record({ roles })),
    systemMessage: withSeverity(fc.record({ require: fc.constantFrom('required' as const, 'forbidden' as const) })),
    lastRole: withSeverity(fc.record({ roles })),
    alternation: withSeverity(fc.record({ startWith: fc.option(fc.constantFrom('user' as const, 'assistant' as const), { nil: undefined }) }).map(({ startWith }) => (startWith ? { startWith } : {}))),
    maxTurns: withSeverity(fc.record({ max: fc.integer({ min: 0, max: 3 }) })),
    forbiddenText: withSeverity(fc.record({ patterns: fc.array(pattern, { minLength: 1, maxLength: 3 }), roles: fc.option(roles, { nil: undefined }) }).map(({ patterns, roles: only }) => (only ? { patterns, roles: only } : { patterns }))),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<LintRules>;

describe("the rules' reading of clean Apertus JSON", () => {
  it('of a record read natively: the roles and texts of the model, and checkRecord\'s diagnostics for any rules', () => {
    const checks = new Map<Partial<ApertusOptions>, CleanCheck>();
    let proved = 0;
    let spoke = 0;
    fc.assert(
      fc.property(record, options, rules, roles, (json, opts, lint, only) => {
        const value = JSON.parse(JSON.stringify(json)) as unknown;
        const check = checks.get(opts) ?? checks.set(opts, cleanCheckFor('apertus', opts)!).get(opts)!;
        const verdict = check(value);
        if (verdict === false) return;
        // As the command: only a record read in the native dialect takes the quick path.
        if (cleanNativeReadingHow(value, apertusFormat, {}) === undefined) return;
        proved += 1;
        const { model, readerDiagnostics } = decoded(value);
        const fromJson = subjectOfJson(value);
        const fromModel = subjectOf(model);
        expect(fromJson.kind).toBe(fromModel.kind);
        expect(fromJson.roles).toEqual(fromModel.roles);
        expect(textsOf(fromJson)).toEqual(textsOf(fromModel));
        expect(textsOf(fromJson, only)).toEqual(textsOf(fromModel, only));
        const profile = { formatId: 'apertus', formatOptions: opts, rules: lint };
        const quick = checkProvenClean(fromJson, profile);
        const full = checkRecord({ record: model, readerDiagnostics }, profile, { once: true });
        expect(withoutSource(quick.diagnostics)).toEqual(withoutSource(full.diagnostics));
        expect(quick.errors).toBe(full.errors);
        if (full.diagnostics.length > 0) spoke += 1;
      }),
      { numRuns: 8000 },
    );
    // Not vacuous: many records proved clean, and the rules spoke on many of them.
    expect(proved).toBeGreaterThan(500);
    expect(spoke).toBeGreaterThan(200);
  });

  it('reads the benchmark conversations as the model does', () => {
    const check = cleanCheckFor('apertus')!;
    for (let seed = 0; seed < 5; seed++) {
      const value = JSON.parse(JSON.stringify(makeConversation(100, seed))) as unknown;
      expect(check(value)).toBe('clean');
      const { model } = decoded(value);
      expect(subjectOfJson(value).roles).toEqual(subjectOf(model).roles);
      expect(textsOf(subjectOfJson(value))).toEqual(textsOf(subjectOf(model)));
    }
  });

  it('reads a bare messages array, a system {"text"} and user {"parts"}', () => {
    const value = [
      { role: 'system', content: { text: 'Be brief.' } },
      { role: 'user', content: { parts: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] } },
      { role: 'assistant', content: 'three' },
    ];
    expect(cleanCheckFor('apertus')!(value)).toBe('clean');
    expect(textsOf(subjectOfJson(value))).toEqual([
      { text: 'Be brief.', message: 0, path: ['messages', 0, 'content'] },
      { text: 'one', message: 1, path: ['messages', 1, 'content', 'parts', 0, 'text'] },
      { text: 'two', message: 1, path: ['messages', 1, 'content', 'parts', 1, 'text'] },
      { text: 'three', message: 2, path: ['messages', 2, 'content'] },
    ]);
  });
});
