import { describe, expect, it } from 'vitest';
import { indexJsonl, parseReviewFile, sha256Hex } from '../../core/index.ts';
import { allRecordKeys, applyEntries, FINGERPRINT_CHUNK_BYTES, recordKeys, reviewFileName, reviewFileText } from './review-file-io.ts';

const encoder = new TextEncoder();
const hex = (text: string) => sha256Hex(encoder.encode(text));
const A = '{"messages":[{"role":"user","content":"a"}]}';
const B = '{"messages":[{"role":"user","content":"b"}]}';

function file(text: string) {
  const bytes = encoder.encode(text);
  return { source: new Blob([bytes]), index: indexJsonl(bytes) };
}

describe('the review file in the app', () => {
  it('names each record by its 1-based line and the SHA-256 of its bytes without the terminator (CRLF, BOM, blank line)', async () => {
    const keys = await allRecordKeys(file(`\uFEFF${A}\r\n\r\n${B}`));
    expect([...keys]).toEqual([
      [0, { line: 1, fingerprint: hex(A) }],
      [2, { line: 3, fingerprint: hex(B) }],
    ]);
  });

  it('refuses a dataset read on demand (a remote split): its placeholders have no bytes to fingerprint', async () => {
    const onDemand = { ...file(''), readRow: () => Promise.resolve(A) };
    await expect(allRecordKeys(onDemand)).rejects.toThrow('the dataset is read on demand, its records are not all read: read every row first');
  });

  it('reads records across several slices the same as in one', async () => {
    // Records bigger than half a chunk: each slice holds one record.
    const big = (c: string) => `{"text":"${c.repeat(FINGERPRINT_CHUNK_BYTES / 2 + 10)}"}`;
    const lines = [big('x'), big('y'), big('z')];
    const keys = await recordKeys(file(lines.join('\n')), [2, 0, 1]);
    expect([...keys.values()].map((key) => key.fingerprint)).toEqual(lines.map(hex));
  });

  it('writes an entry per reviewed record, in line order, with the reviewer kept when the mark has none', async () => {
    const marks = new Map([
      [2, { status: 'flagged' as const, review: { labels: ['x'], comments: [], reviewer: 'Ana', time: '2026-11-27T10:00:00.000Z' } }],
      [0, { status: 'done' as const }],
      [1, { status: 'unreviewed' as const }],
    ]);
    const { text, entries } = await reviewFileText(file(`${A}\n\n${B}\n`), marks, 'Bo');
    expect(entries).toBe(2);
    expect(text).toBe(
      `{"line":1,"fingerprint":"${hex(A)}","status":"done","labels":[],"comments":[],"reviewer":"Bo"}\n` +
        `{"line":3,"fingerprint":"${hex(B)}","status":"flagged","labels":["x"],"comments":[],"reviewer":"Ana","time":"2026-11-27T10:00:00.000Z"}\n`,
    );
  });

  it('puts entries back after a record was inserted above them, lists what no longer matches', async () => {
    const reviewed = file(`${A}\n${B}\n`);
    const { text } = await reviewFileText(reviewed, new Map([[0, { status: 'done' as const }], [1, { status: 'rejected' as const }]]), 'Bo');
    const gone = `{"line":7,"fingerprint":"${'0'.repeat(64)}","status":"done","labels":[],"comments":[],"reviewer":"Bo"}\n`;
    const { entries } = parseReviewFile(text + gone);
    // A new record at line 1: A is at line 2 and B at line 3 now.
    const now = await allRecordKeys(file(`{"messages":[]}\n${A}\n${B}\n`));
    const applied = applyEntries(entries, now, 'Bo');
    expect([...applied.marks].map(([id, mark]) => [id, mark.status])).toEqual([
      [1, 'done'],
      [2, 'rejected'],
    ]);
    expect(applied.unmatched.map((entry) => entry.fingerprint)).toEqual(['0'.repeat(64)]);
  });

  it('in a file with two reviewers on one record, takes the one reviewing now and keeps the other', async () => {
    const keys = await allRecordKeys(file(`${A}\n`));
    const entry = (reviewer: string, status: 'done' | 'rejected') => ({ line: 1, fingerprint: hex(A), status, labels: [], comments: [], reviewer });
    const applied = applyEntries([entry('Ana', 'done'), entry('Bo', 'rejected')], keys, 'Ana');
    expect(applied.marks.get(0)?.status).toBe('done');
    expect(applied.others.map((e) => e.reviewer)).toEqual(['Bo']);
  });

  it('is named after the dataset', () => {
    expect(reviewFileName('data.jsonl')).toBe('data.review.jsonl');
    expect(reviewFileName('part.1.json')).toBe('part.1.review.jsonl');
  });
});
