import { describe, expect, it } from 'vitest';
import type { Diagnostic, RecordSummary } from '../../core/index.ts';
import { NO_CHANGES, type DatasetRow } from '../store/dataset-model.ts';
import { judgedRow, judgedRows, tokenRulesLookup } from './judged-rows.ts';
import type { LengthsRow } from './lengths/lengths-logic.ts';

const summary = (errors: number, warnings: number, infos = 0): RecordSummary => ({ preview: 'hi', dialect: 'openai-chat', messages: 2, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: errors + warnings + infos, errors, warnings });
const row = (over: Partial<DatasetRow> = {}): DatasetRow => ({ line: 1, blank: false, status: 'unreviewed', summary: summary(1, 0), codes: ['structure/empty-turn'], ...over });
const tooLong: Diagnostic = { severity: 'warning', code: 'rules/maxTokens', message: 'too long' };
const untrained: Diagnostic = { severity: 'error', code: 'rules/minTrainedShare', message: 'trains little' };

describe('a row judged with the token rules', () => {
  it('counts their diagnostics with its own, and lists their codes after its own', () => {
    const judged = judgedRow(row(), [tooLong, untrained]);
    expect(judged.summary).toMatchObject({ errors: 2, warnings: 1, diagnostics: 3 });
    expect(judged.codes).toEqual(['structure/empty-turn', 'rules/maxTokens', 'rules/minTrainedShare']);
  });

  it('leaves a bad line, a row not checked yet and a row without them as they are', () => {
    const bad = row({ summary: undefined, codes: undefined, problem: { kind: 'json', message: 'Line 1: not JSON', line: 1 } });
    expect(judgedRow(bad, [tooLong])).toBe(bad);
    const unchecked = row({ summary: undefined, codes: undefined });
    expect(judgedRow(unchecked, [tooLong])).toBe(unchecked);
    const clean = row();
    expect(judgedRow(clean, [])).toBe(clean);
  });

  it('keeps the array itself when no row breaks a token rule, and copies it once when one does', () => {
    const rows = [row(), row({ line: 2 }), row({ line: 3 })];
    expect(judgedRows(rows, () => undefined)).toBe(rows);
    const judged = judgedRows(rows, (id) => (id === 1 ? [untrained] : undefined));
    expect(judged).not.toBe(rows);
    expect(judged[0]).toBe(rows[0]);
    expect(judged[1]?.summary?.errors).toBe(2);
    expect(rows[1]?.summary?.errors).toBe(1);
  });
});

describe('the token rules of a record', () => {
  const measured = (ruleDiagnostics?: Diagnostic[]): LengthsRow => ({ chars: 10, messages: 2, turns: 1, tokens: 5, trained: 1, ...(ruleDiagnostics ? { ruleDiagnostics } : {}) });
  const dataset = { count: 2 } as never;
  const fileRows = [measured([tooLong]), measured()];

  it('come from the file\'s measure, an edited record\'s from its text, a copy\'s from its source', () => {
    const edited = new Map([[1, '{"messages":[]}']]);
    const changes = { ...NO_CHANGES, edited, copies: new Map([[2, 0]]) };
    const lookup = tokenRulesLookup({ dataset, datasetRows: [], datasetChanges: changes }, { fileRows, textRows: new Map([[1, measured([untrained])]]), rules: { maxTokens: { max: 3 } } });
    expect(lookup?.(0)).toEqual([tooLong]);
    expect(lookup?.(1)).toEqual([untrained]);
    expect(lookup?.(2)).toEqual([tooLong]);
  });

  it('are none without token rules in the rules file (a pass of another rules file is not read)', () => {
    expect(tokenRulesLookup({ dataset, datasetRows: [], datasetChanges: NO_CHANGES }, { fileRows, textRows: new Map(), rules: { maxTurns: { max: 3 } } })).toBeUndefined();
    expect(tokenRulesLookup({ dataset, datasetRows: [], datasetChanges: NO_CHANGES }, { fileRows, textRows: new Map(), rules: undefined })).toBeUndefined();
  });
});
