import { describe, expect, it } from 'vitest';
import type { RecordSummary } from '../record-summary.ts';
import { duplicateOrder, filterOrder, type FilterableRow } from './filters.ts';

function summary(part: Partial<RecordSummary>): RecordSummary {
  return { preview: '', dialect: 'openai-chat', messages: 2, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: 0, errors: 0, ...part };
}

const ROWS: (FilterableRow | undefined)[] = [
  { status: 'unreviewed', summary: summary({}) }, // 0: clean
  { status: 'edited', summary: summary({ errors: 1, diagnostics: 2, turns: 3, hasToolCalls: true }), codes: ['tool-call/arguments-not-json', 'call-id/unanswered'] }, // 1
  { status: 'flagged', problem: { kind: 'json' } }, // 2: bad line
  { status: 'done', summary: summary({ dialect: 'anthropic', hasThoughts: true, turns: 2, diagnostics: 1 }), codes: ['call-id/unanswered'] }, // 3: a warning only
  undefined, // 4: not in the rows (never listed)
  { status: 'unreviewed' }, // 5: not summarised yet
];
const ORDER = [0, 1, 2, 3, 5];

describe('filterOrder', () => {
  it('keeps the order as it is with no filter', () => {
    expect(filterOrder(ROWS, ORDER, {})).toBe(ORDER);
  });

  it('filters on errors (bad lines are errors), tool calls, thoughts and turns', () => {
    expect(filterOrder(ROWS, ORDER, { hasErrors: true })).toEqual([1, 2]);
    // Row 5 is not checked yet: it is neither with nor without errors.
    expect(filterOrder(ROWS, ORDER, { hasErrors: false })).toEqual([0, 3]);
    expect(filterOrder(ROWS, ORDER, { hasToolCalls: true })).toEqual([1]);
    expect(filterOrder(ROWS, ORDER, { hasThoughts: true })).toEqual([3]);
    expect(filterOrder(ROWS, ORDER, { minTurns: 2 })).toEqual([1, 3]);
    expect(filterOrder(ROWS, ORDER, { minTurns: 2, maxTurns: 2 })).toEqual([3]);
  });

  it('filters on status, dialect and diagnostic code (bad lines under line/<kind>)', () => {
    expect(filterOrder(ROWS, ORDER, { status: 'flagged' })).toEqual([2]);
    expect(filterOrder(ROWS, ORDER, { dialect: 'anthropic' })).toEqual([3]);
    expect(filterOrder(ROWS, ORDER, { code: 'call-id/unanswered' })).toEqual([1, 3]);
    expect(filterOrder(ROWS, ORDER, { code: 'line/json' })).toEqual([2]);
    expect(filterOrder(ROWS, [3, 1], { code: 'call-id/unanswered', status: 'done' })).toEqual([3]);
  });

  it('filters on open review comments (a row that does not say has none)', () => {
    const rows = [{ status: 'unreviewed', openComments: 2 }, { status: 'done', openComments: 0 }, { status: 'unreviewed' }];
    expect(filterOrder(rows, [0, 1, 2], { hasOpenComments: true })).toEqual([0]);
    expect(filterOrder(rows, [0, 1, 2], { hasOpenComments: false })).toEqual([1, 2]);
  });
});

describe('the id-set filter (the records of an agreement report\'s disagreements)', () => {
  it('keeps only the ids of the set, in the list\'s order, with the other filters on top', () => {
    const records = { ids: [5, 3, 0, 4], label: 'disagreements' };
    // In ORDER's order, not the set's; 4 is not listed, so not shown.
    expect(filterOrder(ROWS, ORDER, { records })).toEqual([0, 3, 5]);
    expect(filterOrder(ROWS, ORDER, { records, status: 'done' })).toEqual([3]);
    expect(filterOrder(ROWS, ORDER, { records: { ids: [], label: 'none' } })).toEqual([]);
  });
});

describe('filterOrder by lengths (issue 21: lengths and tokens)', () => {
  // Lengths of rows 0, 1, 3 (row 2 is a bad line, row 5 not measured yet).
  const LENGTHS = new Map([
    [0, { chars: 100, messages: 2, turns: 1, tokens: 30 }],
    [1, { chars: 5000, messages: 6, turns: 3, tokens: 1200, ruleCodes: ['rules/max-tokens'] }],
    [3, { chars: 900, messages: 4, turns: 2 }],
  ]);
  const lengthsOf = (id: number) => LENGTHS.get(id);

  it('keeps records whose characters, tokens or messages are within the bounds (inclusive)', () => {
    expect(filterOrder(ROWS, ORDER, { minChars: 900 }, lengthsOf)).toEqual([1, 3]);
    expect(filterOrder(ROWS, ORDER, { minChars: 100, maxChars: 900 }, lengthsOf)).toEqual([0, 3]);
    expect(filterOrder(ROWS, ORDER, { minMessages: 4, maxMessages: 4 }, lengthsOf)).toEqual([3]);
    // "Longer than 30 tokens": at least 31. Row 3 has no token count: not shown.
    expect(filterOrder(ROWS, ORDER, { minTokens: 31 }, lengthsOf)).toEqual([1]);
    expect(filterOrder(ROWS, ORDER, { maxTokens: 1200 }, lengthsOf)).toEqual([0, 1]);
  });

  it('keeps the records that break a token rule', () => {
    expect(filterOrder(ROWS, ORDER, { breaksTokenRules: true }, lengthsOf)).toEqual([1]);
  });

  it('shows no record whose lengths are not known yet', () => {
    expect(filterOrder(ROWS, ORDER, { minChars: 0 })).toEqual([]);
    expect(filterOrder(ROWS, ORDER, { minChars: 0 }, lengthsOf)).toEqual([0, 1, 3]);
  });
});

describe('the empty-field filter', () => {
  it('shows the records whose summary has an empty field of that kind', () => {
    const rows: FilterableRow[] = [
      { status: 'unreviewed', summary: summary({ empty: ['assistant'] }) },
      { status: 'unreviewed', summary: summary({ empty: ['arguments', 'result'] }) },
      { status: 'unreviewed', summary: summary({}) },
      { status: 'unreviewed', problem: { kind: 'json' } },
      { status: 'unreviewed' },
    ];
    const order = [0, 1, 2, 3, 4];
    expect(filterOrder(rows, order, { emptyField: 'assistant' })).toEqual([0]);
    expect(filterOrder(rows, order, { emptyField: 'result' })).toEqual([1]);
    expect(filterOrder(rows, order, { emptyField: 'system' })).toEqual([]);
    expect(filterOrder(rows, order, { emptyField: 'arguments', hasErrors: false })).toEqual([1]);
  });
});

describe('warnings and duplicates', () => {
  const rows: FilterableRow[] = [
    { status: 'unreviewed', summary: summary({ diagnostics: 1, warnings: 1 }), key: 'a' }, // 0: a warning
    { status: 'unreviewed', summary: summary({ diagnostics: 2, errors: 1, warnings: 1 }), key: 'b' }, // 1: an error and a warning
    { status: 'unreviewed', summary: summary({}), key: 'a' }, // 2: same content as 0
    { status: 'unreviewed', problem: { kind: 'json' } }, // 3: bad line, no key
    { status: 'unreviewed', summary: summary({}), key: 'b' }, // 4: same as 1
    { status: 'unreviewed', summary: summary({ diagnostics: 1 }), key: 'c' }, // 5: an info only
    { status: 'unreviewed', summary: summary({}), key: 'a' }, // 6: same as 0 and 2
  ];
  const order = [0, 1, 2, 3, 4, 5, 6];

  it('filters on warnings (an info is not one; a summary without the count has none)', () => {
    expect(filterOrder(rows, order, { hasWarnings: true })).toEqual([0, 1]);
    // A bad line (3) is an error, with no warning.
    expect(filterOrder(rows, order, { hasWarnings: false })).toEqual([2, 3, 4, 5, 6]);
  });

  it('lists each group of duplicates together, groups in the order of their first record', () => {
    expect(duplicateOrder(rows, order)).toEqual([0, 2, 6, 1, 4]);
    // Only listed records count: with record 2 and 6 gone, record 0 stands alone.
    expect(duplicateOrder(rows, [0, 1, 3, 4, 5])).toEqual([1, 4]);
    expect(filterOrder(rows, order, { duplicates: true })).toEqual([0, 2, 6, 1, 4]);
    expect(filterOrder(rows, order, { duplicates: true, hasErrors: true })).toEqual([1]);
  });
});
