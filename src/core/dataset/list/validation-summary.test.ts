import { describe, expect, it } from 'vitest';
import { error, info, warning } from '../../model/diagnostic.ts';
import type { FilterableRow } from './filters.ts';
import { noteCodes, noteProblem, validationSummary, type CodeInfo } from './validation-summary.ts';

const ROWS: FilterableRow[] = [
  { status: 'unreviewed', codes: ['a/warn', 'b/error'] },
  { status: 'unreviewed', codes: ['a/warn'] },
  { status: 'unreviewed', problem: { kind: 'json' } },
  { status: 'unreviewed', codes: ['c/info', 'z/error'] },
  { status: 'unreviewed', codes: ['x/unseen'] },
];

function table(): Map<string, CodeInfo> {
  const t = new Map<string, CodeInfo>();
  noteCodes(t, [warning('a/warn', 'first warning'), error('b/error', 'broken')]);
  noteCodes(t, [warning('a/warn', 'second warning'), info('c/info', 'fyi'), error('z/error', 'worse')]);
  noteProblem(t, 'json', 'Line 3: not valid JSON');
  return t;
}

describe('validationSummary', () => {
  it('counts records per code, errors first, then by count and code; unseen codes last', () => {
    expect(validationSummary(ROWS, table())).toEqual([
      { code: 'b/error', records: 1, severity: 'error', example: 'broken' },
      { code: 'line/json', records: 1, severity: 'error', example: 'Line 3: not valid JSON' },
      { code: 'z/error', records: 1, severity: 'error', example: 'worse' },
      { code: 'a/warn', records: 2, severity: 'warning', example: 'first warning' },
      { code: 'c/info', records: 1, severity: 'info', example: 'fyi' },
      { code: 'x/unseen', records: 1 },
    ]);
  });

  it('counts only the ids given', () => {
    expect(validationSummary(ROWS, table(), [1, 4]).map((c) => [c.code, c.records])).toEqual([
      ['a/warn', 1],
      ['x/unseen', 1],
    ]);
  });

  it('counts harmless differences apart, after every real problem (issue 24): one entry per kind', () => {
    const rows: FilterableRow[] = [
      // A call id the format does not write: harmless in both records.
      { status: 'unreviewed', codes: ['lost/id', 'c/info'], harmlessCodes: ['lost/id'] },
      { status: 'unreviewed', codes: ['lost/id'], harmlessCodes: ['lost/id'] },
      // The same code, a real loss in this record: counted with the problems.
      { status: 'unreviewed', codes: ['lost/id'] },
    ];
    const t = new Map<string, CodeInfo>();
    noteCodes(t, [warning('lost/id', 'the call id is lost'), info('c/info', 'fyi')]);
    expect(validationSummary(rows, t).map((c) => [c.code, c.records, c.harmless ?? false])).toEqual([
      ['lost/id', 1, false],
      ['c/info', 1, false],
      ['lost/id', 2, true],
    ]);
  });
});
