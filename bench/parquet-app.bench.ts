/**
 * The app's Parquet dataset against the same records as JSON Lines, side by side in one run
 * (`npm run bench:parquet-app`; `-- --mb N` sizes the JSON Lines form, default 100;
 * ROW_GROUP_ROWS sets the Parquet row groups, default 20,000). Node, the dataset worker's own
 * functions over Blobs (as the worker is given Files), alternating the forms, medians of 3:
 * - open → first record: JSON Lines is indexed and fingerprinted whole, then the first record
 *   read; Parquet as the app opens it (footers, then the first row group made into JSON Lines
 *   and sent as the first part, read-parquet.ts readParquetInParts), then the first record;
 *   open → every row read (the rest of the row groups, indexed in the same pass); and Parquet on
 *   demand (core's ParquetShards: footers, then record 0 from a block of its row group).
 * - the check pass (worker-logic.ts checkRecords with the app's rowContent, ChatML profile):
 *   records per second; for Parquet, the pass over its JSON Lines, and "open + check" counting
 *   the reading of the Parquet file too (what a person waits for), against JSON Lines' open +
 *   check.
 * Writes the figures to BENCHMARKS.md under "Parquet in the app (npm run bench:parquet-app)".
 */
import { cpus, loadavg } from 'node:os';
import type { SchemaElement } from 'hyparquet';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { decodeRecordBytes, dialectContextOf, ParquetShards, RECORD_BLOCK_ROWS, RecordIndex, recordLine, type CheckProfile, type DatasetIndex } from '../src/core/index.ts';
import { openShards } from '../src/app/dataset/parquet/shards.ts';
import { readParquetInParts, type ParquetPart } from '../src/app/dataset/parquet/read-parquet.ts';
import { appendIndexPart } from '../src/app/dataset/parquet/growing-index.ts';
import { rowContent } from '../src/app/dataset/row-content.ts';
import { checkRecords, indexChunks, streamChunks } from '../src/app/dataset/worker-logic.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { chatMessages } from './parquet-data.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const HEADING = '## Parquet in the app (npm run bench:parquet-app)';
const ROW_GROUP_ROWS = Number(process.env.ROW_GROUP_ROWS ?? 20_000);
const mbArg = process.argv.indexOf('--mb');
const TARGET_MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 100;
const REPEATS = 3;
const PROFILE: CheckProfile = { formatId: 'chatml' };


const SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 1 },
  { name: 'messages', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', repetition_type: 'OPTIONAL', num_children: 2 },
  { name: 'role', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'content', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
];

/** The same records as JSON Lines (each exactly the record Parquet's row reads as) and as Parquet, in memory. */
async function makeData(): Promise<{ jsonl: Blob; parquet: Blob; records: number }> {
  const writer = new ByteWriter();
  const pq = new ParquetWriter({ writer, schema: SCHEMA });
  const lines: Blob[] = [];
  let bytes = 0;
  let n = 0;
  while (bytes < TARGET_MB * 1e6) {
    const group: unknown[] = [];
    let chunk = '';
    for (let i = 0; i < ROW_GROUP_ROWS && bytes < TARGET_MB * 1e6; i++, n++) {
      const m = chatMessages(n);
      const line = `${JSON.stringify({ messages: m })}\n`;
      bytes += Buffer.byteLength(line);
      chunk += line;
      group.push(m);
    }
    lines.push(new Blob([chunk]));
    pq.write({ columnData: [{ name: 'messages', data: group }], rowGroupSize: group.length });
  }
  pq.finish();
  return { jsonl: new Blob(lines), parquet: new Blob([writer.getBuffer()]), records: n };
}

const now = (): number => performance.now();
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function firstRecord(file: Blob, index: DatasetIndex): Promise<void> {
  const bytes = new Uint8Array(await file.slice(index.records.start(0), index.records.end(0)).arrayBuffer());
  if (!decodeRecordBytes(bytes, 1, dialectContextOf(PROFILE)).ok) throw new Error('the first record did not decode');
}

/** The worker's check pass over an indexed JSON Lines Blob; returns ms. */
async function check(file: Blob, index: DatasetIndex): Promise<number> {
  const context = dialectContextOf(PROFILE);
  const start = now();
  let rows = 0;
  await checkRecords(index, {
    read: async (from, to) => new Uint8Array(await file.slice(from, to).arrayBuffer()),
    decode: (bytes, line) => decodeRecordBytes(bytes, line, context),
    content: (result) => rowContent(result, PROFILE),
    emit: (_from, contents) => {
      rows += contents.length;
    },
    onProgress: () => undefined,
    line: (i) => recordLine(index, i),
  });
  if (rows !== index.records.count) throw new Error(`checked ${rows} of ${index.records.count}`);
  return now() - start;
}

async function main(): Promise<void> {
  const data = await makeData();
  const load = loadavg()[0]?.toFixed(2);
  const f = { jsonlOpen: [] as number[], parquetOpen: [] as number[], parquetFirst: [] as number[], parquetDemand: [] as number[], jsonlCheck: [] as number[], parquetCheck: [] as number[] };
  for (let r = 0; r < REPEATS; r++) {
    // JSON Lines: index + fingerprint the whole file, then the first record.
    let t = now();
    const { index } = await indexChunks(streamChunks(data.jsonl.stream()), 'jsonl', () => undefined);
    await firstRecord(data.jsonl, index);
    f.jsonlOpen.push(now() - t);
    f.jsonlCheck.push(await check(data.jsonl, index));
    // Parquet as the app opens it: footers, every row group into JSON Lines, indexed in the same
    // pass (readParquetInParts); the first record is shown from the first part (a block of
    // RECORD_BLOCK_ROWS rows of the first row group, as the worker asks), timed here as the time to that part plus reading record 0 from it.
    t = now();
    const shards = await openShards([{ name: 'chats.parquet', blob: data.parquet }]);
    let first: { at: number; part: ParquetPart } | undefined;
    const made = await readParquetInParts(shards, { firstRows: RECORD_BLOCK_ROWS, onPart: (part) => (first ??= { at: now() - t, part }) });
    f.parquetOpen.push(now() - t);
    if (!first) throw new Error('no part was sent');
    const shown = now();
    const records = new RecordIndex();
    appendIndexPart(records, first.part.part);
    await firstRecord(first.part.jsonl, { format: 'jsonl', records, bomLength: 0, size: first.part.size });
    f.parquetFirst.push(first.at + (now() - shown));
    f.parquetCheck.push(await check(made.jsonl, made.index));
    // Parquet on demand: footers, then record 0 from a block of its row group.
    t = now();
    const demand: ParquetShards = await openShards([{ name: 'chats.parquet', blob: data.parquet }]);
    JSON.parse(await demand.text(0));
    f.parquetDemand.push(now() - t);
  }
  const rate = (ms: number): number => data.records / (ms / 1000);
  const fmt = (value: number): string => Math.round(value).toLocaleString('en-US');
  const jOpen = median(f.jsonlOpen);
  const pOpen = median(f.parquetOpen);
  const jCheck = median(f.jsonlCheck);
  const pCheck = median(f.parquetCheck);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = `${HEADING}

Measured ${when} UTC, load average ${load} at the start (${cpus().length} cores shared with other work), Node ${process.version}; medians of ${REPEATS} rounds, the forms alternated in one run.
Data (in memory, as Blobs): ${data.records.toLocaleString('en-US')} chat records of 10 plain-text messages; JSON Lines ${(data.jsonl.size / 1e6).toFixed(0)} MB, the same records as Parquet ${(data.parquet.size / 1e6).toFixed(1)} MB (\`messages\` list<struct<role, content>>, snappy, row groups of ${ROW_GROUP_ROWS.toLocaleString('en-US')} rows). The check is ChatML's (\`checkRecord\` through the app's rowContent), one worker.

| measure | JSON Lines | Parquet | Parquet / JSON Lines |
|---|---|---|---|
| open → first record, ms (the app; Parquet: from a block of 1,000 rows of its first row group, the rest read after) | ${fmt(jOpen)} | ${fmt(median(f.parquetFirst))} | ${(median(f.parquetFirst) / jOpen).toFixed(2)}× the time |
| open → every row read, ms | ${fmt(jOpen)} | ${fmt(pOpen)} | ${(pOpen / jOpen).toFixed(1)}× the time |
| first record on demand (ParquetShards: footers + a block of 1,000 rows), ms | | ${median(f.parquetDemand).toFixed(1)} | |
| check pass, records/s | ${fmt(rate(jCheck))} | ${fmt(rate(pCheck))} | ${(rate(pCheck) / rate(jCheck)).toFixed(2)}× |
| open + check, records/s | ${fmt(rate(jOpen + jCheck))} | ${fmt(rate(pOpen + pCheck))} | ${(rate(pOpen + pCheck) / rate(jOpen + jCheck)).toFixed(2)}× |
`;
  writeBenchmarkSection(ROOT, HEADING, section);
  console.log(section);
}

await main();
