import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReviewEntry } from './entry.ts';
import { textFingerprint } from './fingerprint.ts';
import { joinJsonl, joinSourceProblem, parseSplitManifest } from './join.ts';
import { conflictText, jsonlFile } from './jsonl-merge.ts';
import { splitJsonl, splitManifest, type SplitOptions } from './split.ts';

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { ignoreBOM: true });
const text = (bytes: Uint8Array): string => dec.decode(bytes);
const rec = (n: number): string => `{"id":${n}}`;
const entry = (line: number, record: string, reviewer: string, status: ReviewEntry['status']): ReviewEntry => ({ line, fingerprint: textFingerprint(record), status, labels: [], comments: [], reviewer });

const dataset = [rec(1), rec(2), '', rec(3), rec(4), rec(5), rec(6)].join('\n') + '\n';

describe('splitJsonl', () => {
  it('cuts the records into ranges, gives the overlap to every part, keeps the lines\' bytes and leaves blank lines out', () => {
    const file = jsonlFile(enc.encode(dataset));
    const result = splitJsonl(file, { parts: 2, by: 'range', overlap: 1 / 3 });
    // 6 records, overlap round(6/3) = 2: the two with the lowest fingerprints.
    const lowest = [1, 2, 3, 4, 5, 6].map((n) => ({ n, fp: textFingerprint(rec(n)) })).sort((a, b) => (a.fp < b.fp ? -1 : 1)).slice(0, 2).map((x) => x.n);
    const lineOf = (n: number): number => (n <= 2 ? n : n + 1);
    expect(result.overlapLines).toEqual(lowest.map(lineOf).sort((a, b) => a - b));
    const rest = [1, 2, 3, 4, 5, 6].filter((n) => !lowest.includes(n));
    // The 4 other records in order: the first 2 to part 1, the last 2 to part 2; the overlap in both, in file order.
    const expected = [rest.slice(0, 2), rest.slice(2)].map((own) => [...own, ...lowest].sort((a, b) => a - b));
    expect(result.parts.map((part) => text(part.bytes))).toEqual(expected.map((ns) => ns.map((n) => rec(n) + '\n').join('')));
    expect(result.parts.map((part) => part.lines)).toEqual(expected.map((ns) => ns.map(lineOf)));
  });

  it('puts a record in the same part by hash whatever else the file holds', () => {
    const a = splitJsonl(jsonlFile(enc.encode(dataset)), { parts: 3, by: 'hash', overlap: 0 });
    const grown = splitJsonl(jsonlFile(enc.encode(rec(99) + '\n' + dataset)), { parts: 3, by: 'hash', overlap: 0 });
    const partsOf = (r: typeof a) => r.parts.map((part) => text(part.bytes).split('\n').filter((l) => l !== rec(99)));
    expect(partsOf(grown)).toEqual(partsOf(a));
  });

  it('refuses a bad number of parts or overlap', () => {
    const file = jsonlFile(enc.encode(dataset));
    expect(() => splitJsonl(file, { parts: 0, by: 'range', overlap: 0 })).toThrow('from 1 to 100');
    expect(() => splitJsonl(file, { parts: 2, by: 'range', overlap: 10 })).toThrow('from 0 to 1');
  });
});

describe('joinJsonl', () => {
  it('gives the original back with each part\'s edits, merges the overlap, and moves the review entries to the joined lines', () => {
    const original = enc.encode(dataset);
    const file = jsonlFile(original);
    const options: SplitOptions = { parts: 2, by: 'range', overlap: 0 };
    const split = splitJsonl(file, options, [entry(4, rec(3), 'lead', 'flagged')]);
    // Range split of 6 records without overlap: part 1 has records 1–3 (lines 1, 2, 4), part 2 records 4–6 (lines 5–7).
    expect(split.parts.map((p) => p.lines)).toEqual([[1, 2, 4], [5, 6, 7]]);
    expect(split.parts[0]?.review).toEqual([entry(3, rec(3), 'lead', 'flagged')]);
    // Reviewer 1 edits record 2 and inserts a record after it; reviewer 2 deletes record 5.
    const part1 = [rec(1), '{"id":2,"fixed":true}', rec(7), rec(3)].join('\n') + '\n';
    const part2 = [rec(4), rec(6)].join('\n') + '\n';
    const review1 = [entry(2, '{"id":2,"fixed":true}', 'ana', 'done'), entry(4, rec(3), 'ana', 'rejected')];
    const review2 = [entry(1, rec(4), 'bo', 'done'), entry(2, rec(5), 'bo', 'rejected')];
    const joined = joinJsonl(original, [
      { name: 'part1', bytes: enc.encode(part1), lines: split.parts[0]!.lines, review: [...split.parts[0]!.review, ...review1] },
      { name: 'part2', bytes: enc.encode(part2), lines: split.parts[1]!.lines, review: review2 },
    ], [entry(4, rec(3), 'lead', 'flagged')]);
    expect(joined.merge.conflicts).toEqual([]);
    expect(text(joined.merge.bytes)).toBe([rec(1), '{"id":2,"fixed":true}', rec(7), '', rec(3), rec(4), rec(6)].join('\n') + '\n');
    // Entries at their joined lines: record 3 moved from line 4 to 5; record 5's entry is unplaced (deleted).
    expect(joined.review.entries).toEqual([entry(5, rec(3), 'lead', 'flagged'), entry(2, '{"id":2,"fixed":true}', 'ana', 'done'), entry(5, rec(3), 'ana', 'rejected'), entry(6, rec(4), 'bo', 'done')]);
    expect(joined.unplaced).toEqual([{ from: 'part2', entry: entry(2, rec(5), 'bo', 'rejected') }]);
  });

  it('makes an overlap record two reviewers changed differently a conflict by field', () => {
    const original = enc.encode('{"id":1,"a":"x","b":"y"}\n' + rec(2) + '\n');
    const file = jsonlFile(original);
    const split = splitJsonl(file, { parts: 2, by: 'range', overlap: 1 });
    expect(split.parts.map((p) => p.lines)).toEqual([[1, 2], [1, 2]]);
    const joined = joinJsonl(original, [
      { name: 'part1', bytes: enc.encode('{"id":1,"a":"A","b":"y"}\n' + rec(2) + '\n'), lines: [1, 2] },
      { name: 'part2', bytes: enc.encode('{"id":1,"a":"B","b":"Y"}\n' + rec(2) + '\n'), lines: [1, 2] },
    ]);
    expect(joined.merge.conflicts.map((c) => [c.line, c.path, c.sides])).toEqual([[1, ['a'], ['A', 'B']]]);
    expect(text(joined.merge.bytes)).toBe('{"id":1,"a":"x","b":"Y"}\n' + rec(2) + '\n');
  });

  it('checks the original against the manifest, and reads a manifest back', () => {
    const original = enc.encode(dataset);
    const file = jsonlFile(original);
    const options: SplitOptions = { parts: 2, by: 'hash', overlap: 0.5 };
    const manifest = splitManifest('d.jsonl', file, options, splitJsonl(file, options), ['d.part1.jsonl', 'd.part2.jsonl']);
    expect(parseSplitManifest(JSON.stringify(manifest))).toEqual(manifest);
    expect(joinSourceProblem(manifest, original)).toBeUndefined();
    expect(joinSourceProblem(manifest, enc.encode(dataset + rec(9)))).toMatch(/not the file that was split/);
    expect(parseSplitManifest('{"version":1}')).toBe('the manifest lacks "source", "size" or "sha256"');
  });
});

/** Random JSONL: records (some equal), blank lines, CRLF, a BOM, with or without a final newline. */
const datasetText = fc
  .record({
    lines: fc.array(fc.tuple(fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 15 }).map(rec) }, { weight: 1, arbitrary: fc.constantFrom('', ' ') }), fc.constantFrom('\n', '\r\n')), { maxLength: 15 }),
    bom: fc.boolean(),
    finalNewline: fc.boolean(),
  })
  .map(({ lines, bom, finalNewline }) => (bom ? '\uFEFF' : '') + lines.map(([l, t], i) => l + (i < lines.length - 1 || finalNewline ? t : '')).join(''));
const splitOptions = fc.record({ parts: fc.integer({ min: 1, max: 4 }), by: fc.constantFrom('range' as const, 'hash' as const), overlap: fc.constantFrom(0, 0.1, 0.5, 1) });

describe('split and join, properties', () => {
  it('join(split(file)) is the file, byte for byte', () => {
    fc.assert(
      fc.property(datasetText, splitOptions, (source, options) => {
        const original = enc.encode(source);
        const split = splitJsonl(jsonlFile(original), options);
        const joined = joinJsonl(original, split.parts.map((part, p) => ({ name: `p${p}`, bytes: part.bytes, lines: part.lines })));
        expect(joined.merge.conflicts).toEqual([]);
        expect(text(joined.merge.bytes)).toBe(source);
      }),
      { numRuns: 300 },
    );
  });

  it('join gives the file with each part\'s edits of its own records, every other byte kept', () => {
    fc.assert(
      fc.property(datasetText, splitOptions, fc.array(fc.nat(20), { maxLength: 4 }), (source, options, picks) => {
        const original = enc.encode(source);
        const split = splitJsonl(jsonlFile(original), options);
        const overlap = new Set(split.overlapLines);
        const lines = (source.startsWith('\uFEFF') ? source.slice(1) : source).split(/(?<=\n)/);
        const expected = [...lines];
        const parts = split.parts.map((part, p) => {
          const partLines = text(part.bytes).replace(/^\uFEFF/, '').split(/(?<=\n)/);
          const own = part.lines.map((line, j) => ({ line, j })).filter(({ line }) => !overlap.has(line));
          for (const pick of picks) {
            const chosen = own[pick % Math.max(own.length, 1)];
            if (!chosen) continue;
            const edit = `{"edited":"${p}-${chosen.line}"}`;
            partLines[chosen.j] = edit + (partLines[chosen.j]!.endsWith('\r\n') ? '\r\n' : '\n');
            expected[chosen.line - 1] = edit + expected[chosen.line - 1]!.replace(/^[^\r\n]*/, '');
          }
          return { name: `p${p}`, bytes: enc.encode((source.startsWith('\uFEFF') ? '\uFEFF' : '') + partLines.join('')), lines: part.lines };
        });
        const joined = joinJsonl(original, parts);
        expect(joined.merge.conflicts).toEqual([]);
        expect(text(joined.merge.bytes)).toBe((source.startsWith('\uFEFF') ? '\uFEFF' : '') + expected.join(''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('joinJsonl, three parts and an overlap record deleted by one and edited by another', () => {
  it('reports the conflict with each part\'s line, keeps the edit, and names no line for the part without the record', () => {
    const original = enc.encode([rec(1), rec(2), rec(3)].join('\n') + '\n');
    // Record 1 is in parts 1 and 2, not 3; the parts are given by hand as a manifest would.
    const parts = [
      { name: 'p1', bytes: enc.encode(rec(2) + '\n'), lines: [1, 2] },
      { name: 'p2', bytes: enc.encode('{"id":1,"x":true}\n' + rec(3) + '\n'), lines: [1, 3] },
      { name: 'p3', bytes: enc.encode(rec(3) + '\n'), lines: [3] },
    ];
    const joined = joinJsonl(original, parts);
    expect(joined.merge.conflicts.map((c) => [c.kind, c.line, c.sideLines])).toEqual([['deleted', 1, [undefined, 1, undefined]]]);
    // p1 deleted it, p3 never had it: only p1's missing line is a deletion.
    expect(joined.merge.conflicts[0]?.held).toEqual([true, true, false]);
    expect(conflictText(joined.merge.conflicts[0]!, ['p1', 'p2', 'p3'])).toBe('line 1: deleted by one side, edited by another (p1 deleted, p2 line 1, p3 does not hold it)');
    expect(text(joined.merge.bytes)).toBe(['{"id":1,"x":true}', rec(2), rec(3)].join('\n') + '\n');
  });
});
