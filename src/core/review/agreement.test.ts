import { describe, expect, it } from 'vitest';
import { agreementJson, reviewAgreement } from './agreement.ts';
import type { ReviewEntry, ReviewStatus } from './entry.ts';

const fp = (n: number): string => n.toString(16).padStart(64, '0');
const entry = (line: number, record: number, status: ReviewStatus | undefined, labels: string[] = [], reviewer?: string): ReviewEntry => ({
  line,
  fingerprint: fp(record),
  ...(status ? { status } : {}),
  labels,
  comments: [],
  ...(reviewer ? { reviewer } : {}),
});

describe('reviewAgreement', () => {
  it('compares two reviewers over the records both rated, by fingerprint whatever their lines', () => {
    // Records 1–4 rated by both (B's lines differ: another part of a split); record 5 only by A, 6 only by B, 7 by A without a status.
    const a = [entry(1, 1, 'done', ['ok']), entry(2, 2, 'done'), entry(3, 3, 'flagged', ['toxic']), entry(4, 4, 'rejected', ['toxic']), entry(5, 5, 'done'), entry(6, 7, undefined, ['x'])];
    const b = [entry(10, 1, 'done', ['ok']), entry(11, 2, 'flagged'), entry(12, 3, 'flagged', ['toxic']), entry(13, 4, 'rejected'), entry(14, 6, 'done')];
    const report = reviewAgreement([
      { name: 'a.review.jsonl', entries: a },
      { name: 'b.review.jsonl', entries: b },
    ]);
    expect(report.reviewers).toEqual(['a.review.jsonl', 'b.review.jsonl']);
    expect(report.records).toBe(6);
    expect(report.compared).toBe(4);
    // Status, A\B over 4 records: done/done, done/flagged, flagged/flagged, rejected/rejected.
    // po = 3/4. A: done 2, flagged 1, rejected 1; B: done 1, flagged 2, rejected 1.
    // pe = (2·1 + 1·2 + 1·1)/16 = 5/16. kappa = (12/16 − 5/16)/(11/16) = 7/11.
    expect(report.status.agreement).toBe(75);
    expect(report.status.kappa).toBeCloseTo(7 / 11, 12);
    // "ok": yes/yes, no/no, no/no, no/no → po = 1, pe = (1·1 + 3·3)/16 = 10/16 → kappa 1.
    expect(report.labels.ok).toEqual({ agreement: 100, kappa: 1 });
    // "toxic": no/no, no/no, yes/yes, yes/no → po = 3/4; A yes 2 no 2, B yes 1 no 3; pe = (2·1 + 2·3)/16 = 1/2 → kappa 1/2.
    expect(report.labels.toxic?.agreement).toBe(75);
    expect(report.labels.toxic?.kappa).toBeCloseTo(0.5, 12);
    expect(agreementJson(report)).toEqual({ records: 6, compared: 4, status: report.status, labels: report.labels, disagreements: [2, 4] });
    expect(report.disagreements.map((d) => [d.status, d.labels])).toEqual([[true, []], [false, ['toxic']]]);
  });

  it('gives kappa null when every status is the same, and pairs equal records in line order', () => {
    const a = [entry(1, 1, 'done'), entry(5, 1, 'done')];
    const b = [entry(3, 1, 'done'), entry(8, 1, 'done')];
    const report = reviewAgreement([{ name: 'a', entries: a }, { name: 'b', entries: b }]);
    expect(report.compared).toBe(2);
    expect(report.status).toEqual({ agreement: 100, kappa: null });
  });

  it('uses Fleiss\' kappa for three reviewers, from one merged file with reviewer names', () => {
    // Items (statuses of ana, bo, cy): 1 d d d; 2 d d f; 3 f f f; 4 d f f  (d = done, f = flagged)
    // As fleissKappa's first hand table: kappa 1/3; all agree on 2 of 4 → 50 %.
    const rows: [number, ReviewStatus, ReviewStatus, ReviewStatus][] = [[1, 'done', 'done', 'done'], [2, 'done', 'done', 'flagged'], [3, 'flagged', 'flagged', 'flagged'], [4, 'done', 'flagged', 'flagged']];
    const entries = rows.flatMap(([record, x, y, z]) => [entry(record, record, x, [], 'ana'), entry(record, record, y, [], 'bo'), entry(record, record, z, [], 'cy')]);
    const report = reviewAgreement([{ name: 'merged', entries }]);
    expect(report.reviewers).toEqual(['ana', 'bo', 'cy']);
    expect(report.status.agreement).toBe(50);
    expect(report.status.kappa).toBeCloseTo(1 / 3, 12);
  });

  it('refuses fewer than two reviewers, and gives nulls when nothing was compared', () => {
    expect(() => reviewAgreement([{ name: 'a', entries: [entry(1, 1, 'done')] }])).toThrow('at least two reviewers (found a)');
    const report = reviewAgreement([{ name: 'a', entries: [entry(1, 1, 'done')] }, { name: 'b', entries: [entry(1, 2, 'done')] }]);
    expect(report).toMatchObject({ records: 2, compared: 0, status: { agreement: null, kappa: null }, labels: {}, disagreements: [] });
  });
});
