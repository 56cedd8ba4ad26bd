import { describe, expect, it } from 'vitest';
import { checkRules, needsTokens } from './index.ts';
import { byRoles } from './test-records.ts';

const record = byRoles('user', 'assistant');

describe('maxTokens', () => {
  it("reports a render over the limit, for the whole record (no path); at the limit is fine", () => {
    expect(checkRules(record, { maxTokens: { max: 4096 } }, { tokens: 5000, trained: 10 })).toEqual([
      { severity: 'error', code: 'rules/maxTokens', message: "A record's render may have at most 4,096 tokens (maxTokens); this one has 5,000." },
    ]);
    expect(checkRules(record, { maxTokens: { max: 4096 } }, { tokens: 4096, trained: 10 })).toEqual([]);
  });
});

describe('minTrainedShare', () => {
  it('reports a record that trains less than the share of its tokens', () => {
    expect(checkRules(record, { minTrainedShare: { min: 0.2, severity: 'warning' } }, { tokens: 1000, trained: 150 })).toEqual([
      { severity: 'warning', code: 'rules/minTrainedShare', message: "At least 20% of a record's tokens must be trained (minTrainedShare); this one trains 150 of 1,000 (15%)." },
    ]);
    expect(checkRules(record, { minTrainedShare: { min: 0.2 } }, { tokens: 1000, trained: 200 })).toEqual([]);
  });

  it('compares counts, so a share that floating point rounds up is still met (0.07 of 100 is 7)', () => {
    expect(0.07 * 100).toBeGreaterThan(7);
    expect(checkRules(record, { minTrainedShare: { min: 0.07 } }, { tokens: 100, trained: 7 })).toEqual([]);
    expect(checkRules(record, { minTrainedShare: { min: 0.07 } }, { tokens: 100, trained: 6 })).toHaveLength(1);
  });

  it('an empty render trains nothing: it fails any share above 0', () => {
    expect(checkRules(record, { minTrainedShare: { min: 0.1 } }, { tokens: 0, trained: 0 })).toEqual([expect.objectContaining({ message: "At least 10% of a record's tokens must be trained (minTrainedShare); this one trains 0 of 0 (0%)." })]);
    expect(checkRules(record, { minTrainedShare: { min: 0 } }, { tokens: 0, trained: 0 })).toEqual([]);
  });
});

describe('the token rules', () => {
  it('apply only when token figures are given', () => {
    const rules = { maxTokens: { max: 1 }, minTrainedShare: { min: 1 } };
    expect(needsTokens(rules)).toBe(true);
    expect(needsTokens({ maxTurns: { max: 1 } })).toBe(false);
    expect(checkRules(record, rules)).toEqual([]);
    expect(checkRules(record, rules, { tokens: 2, trained: 1 }).map((d) => d.code)).toEqual(['rules/maxTokens', 'rules/minTrainedShare']);
  });
});
