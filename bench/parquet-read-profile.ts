/**
 * One reading of a Parquet file's row groups into JSON Lines, as the app's readers do it
 * (openShards with the app's decompressors, then `groupLines` a row group after another, in
 * LINE_CHUNK_BYTES chunks): for a CPU profile of the fast lines (parquet-lines.ts) without the
 * rest of the app. `npx tsx bench/parquet-read-profile.ts FILE [GROUPS]`, or under
 * `node --import tsx --cpu-prof --cpu-prof-dir=DIR bench/parquet-read-profile.ts FILE 10`.
 * Prints the rows and bytes made, the wall and CPU milliseconds, the milliseconds spent
 * waiting for the file's bytes, and a hash of the lines (equal before and after a change that
 * must keep them byte-identical).
 */
import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import type { AsyncBuffer } from 'hyparquet';
import { ParquetShards } from '../src/core/index.ts';
import { APP_COMPRESSORS } from '../src/app/dataset/parquet/app-compressors.ts';
import { LINE_CHUNK_BYTES } from '../src/app/dataset/parquet/read-parquet.ts';

const [path, groupsArgument] = process.argv.slice(2);
if (!path) throw new Error('usage: tsx bench/parquet-read-profile.ts FILE [GROUPS]');
const blob = await openAsBlob(path);
let waitedMs = 0;
const buffer: AsyncBuffer = {
  byteLength: blob.size,
  slice: async (start, end) => {
    const asked = performance.now();
    const bytes = await blob.slice(start, end).arrayBuffer();
    waitedMs += performance.now() - asked;
    return bytes;
  },
};
const shards = await ParquetShards.open([{ name: path, buffer }], { compressors: APP_COMPRESSORS });
const groups = Math.min(Number(groupsArgument ?? shards.groups.length), shards.groups.length);
const hash = createHash('sha256');
const started = performance.now();
const cpu = process.cpuUsage();
let rows = 0;
let bytes = 0;
for (let group = 0; group < groups; group++) {
  for await (const chunk of shards.groupLines(group, LINE_CHUNK_BYTES)) {
    rows += chunk.rows;
    bytes += chunk.bytes.length;
    hash.update(chunk.bytes);
  }
}
const cpuMs = process.cpuUsage(cpu).user / 1000;
console.log(`${groups} of ${shards.groups.length} row groups, ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB of lines: ${Math.round(performance.now() - started)} ms, CPU ${Math.round(cpuMs)} ms, waiting for bytes ${Math.round(waitedMs)} ms, sha256 ${hash.digest('hex').slice(0, 16)}`);
