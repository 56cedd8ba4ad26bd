/**
 * Review work benchmark (`npm run bench:review -- [--records N]`): on the records of `npm run
 * bench:dataset` (bench/dataset-data.ts, about 2.6 KB each), in memory, on one core:
 * - SHA-256 of every record (the fingerprints: core/review/sha256.ts) against Node's native
 *   `crypto.createHash`, on the same bytes in the same run (the ratio is what to read);
 * - a three-way merge (mergeJsonl) where A edited 1% of the records and B another 1%, with one
 *   field both changed differently (a conflict) per 1,000 records;
 * - split into 2 parts with a 10% overlap, and join of the parts with 1% of each part edited.
 * Prints milliseconds and MB/s, and the load average (the machine is shared).
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { datasetRecordKeys, joinJsonl, jsonlFile, mergeJsonl, sha256Hex, splitJsonl } from '../src/core/review/index.ts';
import { recordLine } from './dataset-data.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--records');
const RECORDS = at === -1 ? 20_000 : Number(args[at + 1]);

const enc = new TextEncoder();
const lines = Array.from({ length: RECORDS }, (_, i) => recordLine(i));
const base = enc.encode(lines.join('\n') + '\n');
const mb = base.length / 1e6;

function time<T>(label: string, run: () => T): T {
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(48)} ${ms.toFixed(0).padStart(7)} ms  ${(mb / (ms / 1000)).toFixed(1).padStart(7)} MB/s`);
  return result;
}

const edit = (i: number, who: string): string => (lines[i] as string).replace('"source":"bench"', `"source":"${who}"`);
const withEdits = (who: string, every: number, offset: number): Uint8Array => enc.encode(lines.map((line, i) => (i % every === offset ? edit(i, who) : line)).join('\n') + '\n');

console.log(`${RECORDS} records, ${mb.toFixed(1)} MB; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const file = jsonlFile(base);
const records = file.index.records;
time('SHA-256 of each record, core (pure TS)', () => {
  for (let i = 0; i < records.count; i++) sha256Hex(base.subarray(records.start(i), records.end(i)));
});
time('SHA-256 of each record, node:crypto', () => {
  for (let i = 0; i < records.count; i++) createHash('sha256').update(base.subarray(records.start(i), records.end(i))).digest('hex');
});
// A edits records 0, 100, 200…; B edits 50, 150, …, and also every 1,000th of A's (the same field: a conflict).
const a = withEdits('A', 100, 0);
const b = enc.encode(lines.map((line, i) => (i % 100 === 50 || i % 1000 === 0 ? edit(i, 'B') : line)).join('\n') + '\n');
const merged = time('merge BASE A B (1% + 1% edited)', () => mergeJsonl(file, [{ name: 'A', file: jsonlFile(a) }, { name: 'B', file: jsonlFile(b) }]));
console.log(`  ${merged.conflicts.length} conflicts`);
const split = time('split 2 parts, 10% overlap', () => splitJsonl(file, { parts: 2, by: 'range', overlap: 0.1 }));
const parts = split.parts.map((part, p) => {
  const partLines = new TextDecoder().decode(part.bytes).split('\n');
  return { name: `p${p}`, bytes: enc.encode(partLines.map((line, j) => (j % 100 === 7 ? line.replace('"source":"bench"', `"source":"p${p}"`) : line)).join('\n')), lines: part.lines };
});
const joined = time('join 2 parts (1% of each edited)', () => joinJsonl(base, parts));
console.log(`  ${joined.merge.conflicts.length} conflicts; keys of the joined file: ${datasetRecordKeys(joined.merge.bytes, jsonlFile(joined.merge.bytes).index).length}`);
