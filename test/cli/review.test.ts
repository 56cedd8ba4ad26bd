/**
 * `parley review merge | agreement | split | join`: the compiled command on files in a temporary
 * directory. Expected outputs are worked from the merge rules (docs/review.md) and, for kappa,
 * by hand in the comments; the split/join round trip is checked against the original's bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const rec = (id: number, answer: string): string => `{"id":${id},"messages":[{"role":"user","content":"q${id}"},{"role":"assistant","content":"${answer}"}]}`;
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const entry = (line: number, record: string, status: string, labels: string[] = []): string => JSON.stringify({ line, fingerprint: sha(record), status, labels, comments: [] });

describe.concurrent('parley review merge', () => {
  it('merges two edited copies by field and exits 0 when nothing conflicts', async () => {
    const base = files.write('m-base.jsonl', [rec(1, 'a'), rec(2, 'b'), rec(3, 'c')].join('\r\n') + '\r\n');
    const a = files.write('m-a.jsonl', [rec(1, 'A'), rec(2, 'b'), rec(3, 'c')].join('\r\n') + '\r\n');
    const b = files.write('m-b.jsonl', [rec(1, 'a'), rec(3, 'c'), rec(4, 'new')].join('\r\n') + '\r\n');
    const out = files.path('m-out.jsonl');
    const run = await parley(['review', 'merge', base, a, b, '-o', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe([rec(1, 'A'), rec(3, 'c'), rec(4, 'new')].join('\r\n') + '\r\n');
  });

  it('writes each conflict on stderr with its lines and field, keeps the base there, exits 1', async () => {
    const base = files.write('c-base.jsonl', rec(1, 'a') + '\n' + rec(2, 'b') + '\n');
    const a = files.write('c-a.jsonl', rec(1, 'a') + '\n' + rec(2, 'from A') + '\n');
    const b = files.write('c-b.jsonl', rec(0, 'z') + '\n' + rec(1, 'a') + '\n' + rec(2, 'from B') + '\n');
    const run = await parley(['review', 'merge', base, a, b]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)[0]).toBe(`CONFLICT line 2: messages[1].content changed differently (${a} line 2, ${b} line 3): base "b", ${a} "from A", ${b} "from B"`);
    expect(run.stdout).toBe(rec(0, 'z') + '\n' + rec(1, 'a') + '\n' + rec(2, 'b') + '\n');
  });

  it('merges review files: each reviewer kept, one reviewer\'s status changed on both sides a conflict', async () => {
    const fp = 'a'.repeat(64);
    const e = (reviewer: string, status: string, time: string): string => JSON.stringify({ line: 1, fingerprint: fp, status, labels: [], comments: [], reviewer, time });
    const base = files.write('r-base.review.jsonl', e('ana', 'flagged', '1') + '\n');
    const a = files.write('r-a.review.jsonl', e('ana', 'done', '2') + '\n' + e('bo', 'done', '2') + '\n');
    const b = files.write('r-b.review.jsonl', e('ana', 'rejected', '3') + '\n');
    const run = await parley(['review', 'merge', base, a, b]);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([e('ana', 'rejected', '3'), e('bo', 'done', '2')]);
    expect(lines(run.stderr)).toEqual([`CONFLICT line 1: ana's status changed differently: base flagged, ${a} done (its line 1), ${b} rejected (its line 1); rejected taken (newest)`]);
  });

  it('refuses a wrong number of files or a mix of datasets and review files (exit 2, one line)', async () => {
    expect(expectBadInput(await parley(['review', 'merge', 'x.jsonl', 'y.jsonl']))).toContain('expected BASE A B, got 2 file(s)');
    expect(expectBadInput(await parley(['review', 'merge', 'x.jsonl', 'y.review.jsonl', 'z.jsonl']))).toContain('not a mix');
    expect(expectBadInput(await parley(['review', 'merge', files.path('none.jsonl'), files.path('none.jsonl'), files.path('none.jsonl')]))).toContain('no such file');
    expect(expectBadInput(await parley(['review', 'frobnicate']))).toContain('unknown subcommand "frobnicate"');
    const array = files.write('array.json', '\uFEFF [\n' + rec(1, 'a') + '\n]\n');
    expect(expectBadInput(await parley(['review', 'merge', array, array, array]))).toContain('is a JSON array; review merge works on JSON Lines');
  });
});

describe.concurrent('parley review agreement', () => {
  // Four records both rated: A done, done, flagged, rejected; B done, flagged, flagged, rejected.
  // po = 3/4; A: done 2, flagged 1, rejected 1; B: done 1, flagged 2, rejected 1;
  // pe = (2·1 + 1·2 + 1·1)/16 = 5/16; kappa = (12/16 − 5/16)/(11/16) = 7/11.
  // Label "toxic": A on records 3, 4; B on 3: po = 3/4; A yes 2/no 2, B yes 1/no 3;
  // pe = (2·1 + 2·3)/16 = 1/2; kappa = (3/4 − 1/2)/(1/2) = 1/2.
  const records = [1, 2, 3, 4].map((n) => rec(n, 'x'));
  const a = files.write('ag-a.review.jsonl', [entry(1, records[0]!, 'done'), entry(2, records[1]!, 'done'), entry(3, records[2]!, 'flagged', ['toxic']), entry(4, records[3]!, 'rejected', ['toxic'])].join('\n') + '\n');
  const b = files.write('ag-b.review.jsonl', [entry(7, records[0]!, 'done'), entry(8, records[1]!, 'flagged'), entry(9, records[2]!, 'flagged', ['toxic']), entry(10, records[3]!, 'rejected'), entry(11, rec(5, 'y'), 'done')].join('\n') + '\n');

  it('writes the JSON of the issue', async () => {
    const run = await parley(['review', 'agreement', a, b, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(['records', 'compared', 'status', 'labels', 'disagreements']);
    expect(report.records).toBe(5);
    expect(report.compared).toBe(4);
    expect(report.status.agreement).toBe(75);
    expect(report.status.kappa).toBeCloseTo(7 / 11, 12);
    expect(report.labels.toxic.agreement).toBe(75);
    expect(report.labels.toxic.kappa).toBeCloseTo(0.5, 12);
    expect(report.disagreements).toEqual([2, 4]);
  });

  it('writes a readable report, and refuses one reviewer', async () => {
    const run = await parley(['review', 'agreement', a, b]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([
      'Reviewers: ag-a.review.jsonl, ag-b.review.jsonl',
      'Records: 5 rated, 4 rated by every reviewer (compared)',
      "Kappa: Cohen's",
      'status    agreement 75.0%, kappa 0.636',
      'label "toxic"  agreement 75.0%, kappa 0.500',
      'Disagreements: 2',
      '  line 2: status done / flagged',
      '  line 4: labels toxic',
    ]);
    expect(expectBadInput(await parley(['review', 'agreement', a]))).toContain('at least two reviewers (found ag-a.review.jsonl)');
  });
});

describe('parley review split and join', () => {
  it('splits with an overlap, and joins the parts back: the original byte for byte plus each part\'s edits and review entries', async () => {
    const original = '\uFEFF' + [rec(1, 'a'), rec(2, 'b'), '', rec(3, 'c'), rec(4, 'd'), rec(5, 'e')].join('\r\n');
    const data = files.write('team.jsonl', original);
    files.write('team.review.jsonl', entry(2, rec(2, 'b'), 'flagged') + '\n');
    const dir = files.path('parts');
    const split = await parley(['review', 'split', data, '--parts', '2', '--overlap', '20%', '--out-dir', dir]);
    expect(split.code).toBe(0);
    const manifestPath = `${dir}/team.parts.json`;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    // 5 records, overlap round(0.2 × 5) = 1 record in both parts; the other 4 cut 2 + 2.
    expect(manifest.overlapLines).toHaveLength(1);
    expect(manifest.parts.map((p: { lines: number[] }) => p.lines.length)).toEqual([3, 3]);
    expect(manifest.sha256).toBe(sha(original));
    // Unchanged parts join to the original exactly (the BOM, CRLF, the blank line and the missing final newline).
    writeFileSync(`${dir}/team.jsonl`, original);
    const same = await parley(['review', 'join', manifestPath, '-o', files.path('same.jsonl')]);
    expect(same.code).toBe(0);
    expect(readFileSync(files.path('same.jsonl'), 'utf8')).toBe(original);
    // The review entry on record 2 went to the part holding it, at its line there; it comes back at line 2.
    expect(readFileSync(files.path('same.review.jsonl'), 'utf8')).toBe(entry(2, rec(2, 'b'), 'flagged') + '\n');

    // Reviewer 1 edits the first record of part 1; the joined file has the edit, all else as before.
    const part1 = `${dir}/team.part1.jsonl`;
    const firstLine = manifest.parts[0].lines[0] as number;
    const partText = readFileSync(part1, 'utf8');
    const [first, ...others] = partText.replace(/^\uFEFF/, '').split('\r\n');
    const edited = first!.replace('"content":"', '"content":"EDITED ');
    writeFileSync(part1, '\uFEFF' + [edited, ...others].join('\r\n'));
    writeFileSync(`${dir}/team.part1.review.jsonl`, entry(1, edited, 'done') + '\n');
    const run = await parley(['review', 'join', manifestPath, '-o', files.path('joined.jsonl')]);
    expect(run.code).toBe(0);
    const expected = original.replace(first!, edited);
    expect(readFileSync(files.path('joined.jsonl'), 'utf8')).toBe(expected);
    expect(lines(readFileSync(files.path('joined.review.jsonl'), 'utf8'))).toContain(entry(firstLine, edited, 'done'));
  });

  it('refuses a join whose original changed, and a split without --parts', async () => {
    const data = files.write('small.jsonl', rec(1, 'a') + '\n' + rec(2, 'b') + '\n');
    expect((await parley(['review', 'split', data, '--parts', '2'])).code).toBe(0);
    writeFileSync(data, rec(1, 'changed') + '\n');
    expect(expectBadInput(await parley(['review', 'join', files.path('small.parts.json'), '-o', files.path('x.jsonl')]))).toContain('not the file that was split');
    expect(expectBadInput(await parley(['review', 'split', data]))).toContain('--parts N is needed');
    expect(expectBadInput(await parley(['review', 'split', data, '--parts', '2', '--overlap', 'lots']))).toContain('--overlap takes a share');
  });
});
