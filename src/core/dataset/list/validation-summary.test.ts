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
});
