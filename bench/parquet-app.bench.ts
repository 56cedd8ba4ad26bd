/**
 * The app's Parquet dataset against the same records as JSON Lines, side by side in one run
 * (`npm run bench:parquet-app`; `-- --mb N` sizes the JSON Lines form, default 100, made in
 * memory; `-- --data DIR` reads DIR/chats.jsonl and DIR/chats.parquet from disk instead, as
 * `tsx bench/parquet-data.ts DIR MB` writes them: 1 GB of JSON Lines and its Parquet do not
 * have to be held in memory; `-- --rounds N`, default 3; ROW_GROUP_ROWS sets the Parquet row
 * groups of the data made in memory, default 20,000). Node, the dataset worker's own functions
 * over Blobs (as the worker is given Files), both cores as in the app: a worker thread
 * (parquet-app-thread.ts) is the app's second worker. Alternating the forms, medians:
 * - open → first record: JSON Lines is indexed and fingerprinted whole, then the first record
 *   read; Parquet as the app opens it (footers, a block of RECORD_BLOCK_ROWS rows of the first
 *   row group sent as the first part, read-parquet.ts readParquetInParts), then the first record.
 * - open → every row read: Parquet's row groups made into JSON Lines, the thread reading every
 *   other one (the app's reading worker); and the same read alone, for what the second reader gives.
 * - open → every record checked (what a person waits for): the open, then the check pass
 *   (worker-logic.ts checkRecords with the app's rowContent, ChatML profile) in two parts, here
 *   and in the thread, as the app's two checking workers.
 * Writes the figures to BENCHMARKS.md under "Parquet in the app (npm run bench:parquet-app)",
 * sub-section "Both cores".
 */
import { openAsBlob } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SchemaElement } from 'hyparquet';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { decodeRecordBytes, dialectContextOf, RECORD_BLOCK_ROWS, RecordIndex, type DatasetIndex, type LineChunk } from '../src/core/index.ts';
import { openShards } from '../src/app/dataset/parquet/shards.ts';
import { readParquetInParts, type GroupReader, type ParquetPart } from '../src/app/dataset/parquet/read-parquet.ts';
import { appendIndexPart } from '../src/app/dataset/parquet/growing-index.ts';
import { indexChunks, streamChunks } from '../src/app/dataset/worker-logic.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { chatMessages } from './parquet-data.ts';
import { checkPart, PROFILE } from './parquet-app-check.ts';
import type { BlobSource, FromThread, ToThread } from './parquet-app-thread.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const HEADING = '### Both cores, open → every record checked';
const ROW_GROUP_ROWS = Number(process.env.ROW_GROUP_ROWS ?? 20_000);
const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const TARGET_MB = Number(argument('--mb') ?? 100);
const DATA_DIR = argument('--data');
const ROUNDS = Number(argument('--rounds') ?? 3);
/** `--first`: only open → first record of each form, printed, BENCHMARKS.md left alone (for data whose whole run is long: large row groups). */
const FIRST_ONLY = process.argv.includes('--first');

const SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 1 },
  { name: 'messages', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', repetition_type: 'OPTIONAL', num_children: 2 },
  { name: 'role', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'content', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
];

interface Data {
  jsonl: Blob;
  parquet: Blob;
  /** What the thread is given for each: the path of a file on disk, or the Blob itself. */
  jsonlSource: BlobSource;
  parquetSource: BlobSource;
  where: string;
}

/** The same records as JSON Lines (each exactly the record Parquet's row reads as) and as Parquet, in memory. */
async function makeData(): Promise<Data> {
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
  const jsonl = new Blob(lines);
  const parquet = new Blob([writer.getBuffer()]);
  return { jsonl, parquet, jsonlSource: jsonl, parquetSource: parquet, where: `in memory, as Blobs; \`messages\` list<struct<role, content>>, snappy, row groups of ${ROW_GROUP_ROWS.toLocaleString('en-US')} rows` };
}

/** DIR/chats.jsonl and DIR/chats.parquet (bench/parquet-data.ts) as file-backed Blobs. */
async function diskData(dir: string): Promise<Data> {
  const jsonlPath = join(dir, 'chats.jsonl');
  const parquetPath = join(dir, 'chats.parquet');
  return { jsonl: await openAsBlob(jsonlPath), parquet: await openAsBlob(parquetPath), jsonlSource: jsonlPath, parquetSource: parquetPath, where: `read from disk (\`tsx bench/parquet-data.ts DIR MB\`: \`id\` INT64 and \`messages\` list<struct<role, content>>, snappy, row groups of 20,000 rows)` };
}

/** A request to the thread, before it is numbered. */
type Request = ToThread extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never;

/** The worker thread (parquet-app-thread.ts), tsx registered in it, and a request/answer over it. */
function startThread(): { ask: (message: Request, transfer?: ArrayBuffer[]) => Promise<FromThread>; end: () => Promise<number> } {
  const url = new URL('./parquet-app-thread.ts', import.meta.url).href;
  const thread = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`, { eval: true });
  const waiting = new Map<number, (answer: FromThread) => void>();
  let next = 0;
  thread.on('message', (answer: FromThread) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  return {
    ask: (message, transfer = []) =>
      new Promise<FromThread>((resolve, reject) => {
        const id = next++;
        waiting.set(id, (answer) => (answer.error === undefined ? resolve(answer) : reject(new Error(answer.error))));
        thread.postMessage({ ...message, id }, transfer);
      }),
    end: () => thread.terminate(),
  };
}
type Thread = ReturnType<typeof startThread>;

const now = (): number => performance.now();
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function firstRecord(file: Blob, index: DatasetIndex): Promise<void> {
  const bytes = new Uint8Array(await file.slice(index.records.start(0), index.records.end(0)).arrayBuffer());
  if (!decodeRecordBytes(bytes, 1, dialectContextOf(PROFILE)).ok) throw new Error('the first record did not decode');
}

/** The check pass on both cores: part 0 here, part 1 in the thread, at once (the app's two checking workers). */
async function checkBoth(thread: Thread, file: Blob, source: BlobSource, index: DatasetIndex): Promise<void> {
  const data = index.records.toData();
  const [here, there] = await Promise.all([checkPart(file, index, 0, 2), thread.ask({ type: 'check', source, index: data, size: index.size, part: 1, parts: 2 }, [data.starts.buffer, data.ends.buffer, data.flags.buffer] as ArrayBuffer[])]);
  if (here + (there.rows ?? 0) !== index.records.count) throw new Error(`checked ${here + (there.rows ?? 0)} of ${index.records.count}`);
}

/** The thread as the app's reading worker: every other row group. */
function threadReader(thread: Thread): GroupReader {
  return { read: async (group) => (await thread.ask({ type: 'read', group })).chunks as LineChunk[] };
}

/** Open → first record of each form, alternated: JSON Lines indexed whole; Parquet as the app shows its first part. */
async function firstOnly(data: Data): Promise<void> {
  const jsonl: number[] = [];
  const parquet: number[] = [];
  let groups: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t = now();
    const { index } = await indexChunks(streamChunks(data.jsonl.stream()), 'jsonl', () => undefined);
    await firstRecord(data.jsonl, index);
    jsonl.push(now() - t);
    t = now();
    const shards = await openShards([{ name: 'chats.parquet', blob: data.parquet }]);
    groups = shards.groups.map((group) => group.bytes);
    let first: { at: number; part: ParquetPart } | undefined;
    // Stopped after the first row group: only the first part is timed (when it is sent), then its first record read.
    await readParquetInParts(shards, { firstRows: RECORD_BLOCK_ROWS, stopped: () => true, onPart: (part) => (first ??= { at: now() - t, part }) });
    if (!first) throw new Error('no part was sent');
    const shown = now();
    const records = new RecordIndex();
    appendIndexPart(records, first.part.part);
    await firstRecord(first.part.jsonl, { format: 'jsonl', records, bomLength: 0, size: first.part.size });
    parquet.push(first.at + (now() - shown));
  }
  console.log({ load: loadavg()[0], jsonlMs: jsonl.map(Math.round), parquetMs: parquet.map(Math.round), jsonlMb: data.jsonl.size / 1e6, parquetMb: data.parquet.size / 1e6, rowGroupMb: groups.map((bytes) => Math.round(bytes / 1e6)) });
}

async function main(): Promise<void> {
  const data = DATA_DIR ? await diskData(DATA_DIR) : await makeData();
  if (FIRST_ONLY) return firstOnly(data);
  const thread = startThread();
  await thread.ask({ type: 'open-parquet', source: data.parquetSource });
  const load = loadavg()[0]?.toFixed(2);
  const started = new Date();
  const f = { jsonlOpen: [] as number[], jsonlAll: [] as number[], parquetFirst: [] as number[], parquetRead: [] as number[], parquetReadAlone: [] as number[], parquetAll: [] as number[], jsonlCpu: [] as number[], parquetCpu: [] as number[] };
  // CPU seconds of the process (both threads): what each form costs whatever the machine's load.
  const cpu = (): number => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  let records = 0;
  let groups = 0;
  for (let r = 0; r < ROUNDS; r++) {
    // JSON Lines: index + fingerprint the whole file, the first record, then both cores check.
    let c = cpu();
    let t = now();
    const { index } = await indexChunks(streamChunks(data.jsonl.stream()), 'jsonl', () => undefined);
    await firstRecord(data.jsonl, index);
    f.jsonlOpen.push(now() - t);
    await checkBoth(thread, data.jsonl, data.jsonlSource, index);
    f.jsonlAll.push(now() - t);
    f.jsonlCpu.push(cpu() - c);
    records = index.records.count;
    // Parquet as the app opens it: footers, a block of the first row group as the first part, every row group into JSON Lines (the thread reading every other one), then both cores check.
    c = cpu();
    t = now();
    const shards = await openShards([{ name: 'chats.parquet', blob: data.parquet }]);
    groups = shards.groups.length;
    let first: { at: number; part: ParquetPart } | undefined;
    const made = await readParquetInParts(shards, { firstRows: RECORD_BLOCK_ROWS, helper: threadReader(thread), onPart: (part) => (first ??= { at: now() - t, part }) });
    f.parquetRead.push(now() - t);
    if (!first) throw new Error('no part was sent');
    // The first record read from the first part (the app reads it when that part comes; here after, its time added to the part's and left out of the whole).
    const shown = now();
    const firstIndex = new RecordIndex();
    appendIndexPart(firstIndex, first.part.part);
    await firstRecord(first.part.jsonl, { format: 'jsonl', records: firstIndex, bomLength: 0, size: first.part.size });
    const showing = now() - shown;
    f.parquetFirst.push(first.at + showing);
    await checkBoth(thread, made.jsonl, made.jsonl, made.index);
    f.parquetAll.push(now() - t - showing);
    f.parquetCpu.push(cpu() - c);
    if (made.index.records.count !== records) throw new Error(`Parquet made ${made.index.records.count} records, JSON Lines has ${records}`);
    // The same reading alone (one core), for what the second reader gives.
    t = now();
    await readParquetInParts(await openShards([{ name: 'chats.parquet', blob: data.parquet }]), { onPart: () => undefined });
    f.parquetReadAlone.push(now() - t);
  }
  await thread.end();
  const rate = (ms: number): number => records / (ms / 1000);
  const fmt = (value: number): string => Math.round(value).toLocaleString('en-US');
  const jOpen = median(f.jsonlOpen);
  const jAll = median(f.jsonlAll);
  const pFirst = median(f.parquetFirst);
  const pRead = median(f.parquetRead);
  const pAlone = median(f.parquetReadAlone);
  const pAll = median(f.parquetAll);
  const when = started.toISOString().slice(0, 16).replace('T', ' ');
  const section = `${HEADING}

Measured ${when} UTC, load average ${load} at the start (${cpus().length} cores shared with other work), Node ${process.version}; medians of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, the forms alternated in one run; \`npm run bench:parquet-app -- ${DATA_DIR ? '--data DIR' : `--mb ${TARGET_MB}`}${ROUNDS === 3 ? '' : ` --rounds ${ROUNDS}`}\`.
Data (${data.where}): ${records.toLocaleString('en-US')} chat records of 10 plain-text messages; JSON Lines ${(data.jsonl.size / 1e6).toFixed(0)} MB, the same records as Parquet ${(data.parquet.size / 1e6).toFixed(1)} MB in ${groups} row groups. Both cores as in the app: a worker thread reads every other row group (the reading worker) and checks every other stripe (the second checking worker). The check is ChatML's.

| measure | JSON Lines | Parquet | Parquet / JSON Lines |
|---|---|---|---|
| open → first record, ms | ${fmt(jOpen)} | ${fmt(pFirst)} | ${(pFirst / jOpen).toFixed(2)}× the time |
| open → every row read, ms (Parquet: two readers) | ${fmt(jOpen)} | ${fmt(pRead)} | ${(pRead / jOpen).toFixed(1)}× the time |
| open → every row read, one reader, ms | | ${fmt(pAlone)} | |
| open → every record checked, ms | ${fmt(jAll)} | ${fmt(pAll)} | |
| open → every record checked, records/s | ${fmt(rate(jAll))} | ${fmt(rate(pAll))} | ${(rate(pAll) / rate(jAll)).toFixed(2)}× |
| open → every record checked, CPU s (both threads) | ${median(f.jsonlCpu).toFixed(1)} | ${median(f.parquetCpu).toFixed(1)} | ${(median(f.parquetCpu) / median(f.jsonlCpu)).toFixed(2)}× the CPU |
`;
  writeBenchmarkSection(ROOT, HEADING, section);
  console.log(section);
}

await main();
