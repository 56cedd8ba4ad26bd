import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewEntry } from './entry.ts';
import { parseReviewFile, serializeReviewEntry, serializeReviewFile } from './review-file.ts';

const FP = 'a'.repeat(64);

describe('parseReviewFile', () => {
  it('reads the entry of the issue, with comments and every known key', () => {
    const line = JSON.stringify({
      line: 12,
      fingerprint: FP,
      status: 'flagged',
      labels: ['toxic', 'too long'],
      comments: [{ author: 'ana', time: '2026-11-27T10:00:00.000Z', text: 'check turn 3', resolved: false, message: 2 }],
      reviewer: 'ana',
      time: '2026-11-27T10:01:00.000Z',
      guidelines: 'b'.repeat(64),
    });
    const file = parseReviewFile(line + '\n');
    expect(file.problems).toEqual([]);
    expect(file.fileLines).toEqual([1]);
    expect(file.entries).toEqual([
      {
        line: 12,
        fingerprint: FP,
        status: 'flagged',
        labels: ['toxic', 'too long'],
        comments: [{ author: 'ana', time: '2026-11-27T10:00:00.000Z', text: 'check turn 3', resolved: false, message: 2 }],
        reviewer: 'ana',
        time: '2026-11-27T10:01:00.000Z',
        guidelines: 'b'.repeat(64),
      },
    ]);
    // The canonical key order is the order of the issue: written back identical.
    expect(serializeReviewFile(file.entries)).toBe(line + '\n');
  });

  it('keeps unknown keys of entries and comments, in their order, after the known ones', () => {
    const line = `{"score":3,"row":0,"fingerprint":"${FP}","comments":[{"text":"t","author":"a","time":"x","resolved":true,"mood":"ok"}],"__proto__":{"a":1},"z":null}`;
    const [entry] = parseReviewFile(line).entries;
    expect(entry?.extra).toEqual(JSON.parse('{"score":3,"__proto__":{"a":1},"z":null}'));
    expect(Object.keys(entry?.extra ?? {})).toEqual(['score', '__proto__', 'z']);
    expect(serializeReviewEntry(entry as ReviewEntry)).toBe(`{"row":0,"fingerprint":"${FP}","labels":[],"comments":[{"author":"a","time":"x","text":"t","resolved":true,"mood":"ok"}],"score":3,"__proto__":{"a":1},"z":null}`);
  });

  it('names the line and the fault of each bad line, keeps its text, and reads the good ones around it', () => {
    const text = [
      '\uFEFF' + JSON.stringify({ line: 1, fingerprint: FP, status: 'done' }),
      '{"line": 2, "fingerprint": ',
      '',
      JSON.stringify({ line: 3, fingerprint: FP, status: 'approved' }),
      JSON.stringify({ fingerprint: FP }),
      JSON.stringify({ line: 0, fingerprint: FP }),
      JSON.stringify({ line: 1, row: 1, fingerprint: FP }),
      JSON.stringify({ line: 1, fingerprint: 'abc' }),
      JSON.stringify({ line: 1, fingerprint: FP, labels: 'x' }),
      JSON.stringify({ line: 1, fingerprint: FP, comments: [{ author: 'a', time: 't' }] }),
      JSON.stringify({ line: 1, fingerprint: FP, comments: [{ author: 'a', time: 't', text: 'x', resolved: 'no' }] }),
      '[1]',
      JSON.stringify({ line: 9, fingerprint: FP.toUpperCase() }) + '\r',
    ].join('\n');
    const file = parseReviewFile(text);
    expect(file.entries.map((e) => e.fingerprint)).toEqual([FP, FP]);
    expect(file.fileLines).toEqual([1, 13]);
    expect(file.problems.map((p) => [p.fileLine, p.message])).toEqual([
      [2, expect.stringMatching(/^not JSON/)],
      [4, '"status" must be one of done, flagged, rejected (got "approved")'],
      [5, 'an entry needs "line" (a JSONL or JSON file) or "row" (a Parquet file)'],
      [6, '"line" must be a whole number from 1'],
      [7, 'an entry has "line" or "row", not both'],
      [8, '"fingerprint" must be a SHA-256 as 64 hex digits'],
      [9, '"labels" must be a list of strings'],
      [10, 'comment 1: "text" must be a string'],
      [11, 'comment 1: "resolved" must be true or false'],
      [12, 'an entry must be a JSON object'],
    ]);
    expect(file.problems[0]?.text).toBe('{"line": 2, "fingerprint": ');
    // Written back with `keep`, the bad lines come back unchanged.
    const again = parseReviewFile(serializeReviewFile(file.entries, { keep: file.problems }));
    expect(again.problems.map((p) => p.text)).toEqual(file.problems.map((p) => p.text));
    expect(again.entries).toEqual(file.entries);
  });

  it('round-trips any entry: serialize then parse gives it back, and serializing again gives the same text', () => {
    const text = fc.string({ maxLength: 12 });
    const extra = fc.dictionary(
      fc.string({ maxLength: 6 }).filter((k) => !['line', 'row', 'fingerprint', 'status', 'labels', 'comments', 'reviewer', 'time', 'guidelines'].includes(k)),
      // As a file holds them: JSON has no -0 (fast-check's jsonValue makes one now and then, read back as 0).
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
      { maxKeys: 3 },
    );
    const comment = fc.record(
      { author: text, time: text, text, resolved: fc.boolean(), message: fc.nat(50) },
      { requiredKeys: ['author', 'time', 'text', 'resolved'] },
    );
    const entry = fc
      .record(
        {
          where: fc.oneof(fc.record({ line: fc.integer({ min: 1, max: 1e6 }) }), fc.record({ row: fc.nat(1e6) })),
          fingerprint: fc.stringMatching(/^[0-9a-f]{64}$/),
          status: fc.constantFrom('done', 'flagged', 'rejected'),
          labels: fc.array(text, { maxLength: 3 }),
          comments: fc.array(comment, { maxLength: 2 }),
          reviewer: text,
          time: text,
          guidelines: text,
          extra,
        },
        { requiredKeys: ['where', 'fingerprint', 'labels', 'comments'] },
      )
      .map(({ where, extra, ...rest }) => ({ ...where, ...rest, ...(extra && Object.keys(extra).length > 0 ? { extra } : {}) }) as ReviewEntry);
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const written = serializeReviewFile(entries);
        const file = parseReviewFile(written);
        expect(file.problems).toEqual([]);
        expect(file.entries).toEqual(entries);
        expect(serializeReviewFile(file.entries)).toBe(written);
      }),
      { numRuns: 200 },
    );
  });
});
