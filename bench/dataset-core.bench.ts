/**
 * Dataset core benchmark (`npx tsx bench/dataset-core.bench.ts [megabytes]`): generates a JSONL
 * file of about 250 MB in memory (never written to disk), then measures, each as the median of
 * a few rounds,
 * - indexing it in 64 KB chunks (the size of a browser `File.stream()` chunk),
 * - the full-file fingerprint hash, alone and together with indexing (one pass, as the worker does),
 * - scanning a JSON array file (a fifth of the size),
 * - writing it back with 1 % of the records edited: building the parts, then joining them
 *   into bytes (the browser builds a Blob from File slices instead, without this copy),
 * - decoding and summarising records (what the list and the search do per record),
 * - writing an edited record back (encodeRecordLine: key order and number spellings kept),
 *   against the codec's encode + JSON.stringify alone (what it cost before numbers were kept).
 */
import { findCodec } from '../src/core/interchange/registry.ts';
import { decodeRecordBytes, decodeRecordText } from '../src/core/dataset/record-decode.ts';
import { encodeRecordLine } from '../src/core/dataset/record-encode.ts';
import { summarizeRecord } from '../src/core/dataset/record-summary.ts';
import { StreamingHash } from '../src/core/dataset/fingerprint.ts';
import { JsonArrayScanner } from '../src/core/dataset/json-array-scanner.ts';
import { JsonlIndexer, type JsonlIndex } from '../src/core/dataset/jsonl-indexer.ts';
import { writeJsonl } from '../src/core/dataset/jsonl-writer.ts';
import { concatParts } from '../src/core/dataset/output-parts.ts';
import { sentence } from './sentences.ts';

const TARGET_MB = Number(process.argv[2] ?? 250);
const CHUNK = 64 * 1024;
const ROUNDS = 3;

/** One OpenAI Chat Completions record of about 2.5 KB, with a tool call every third record. */
function record(i: number): string {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: `#${i} ${sentence(i, 120)}` },
  ];
  if (i % 3 === 0) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Zurich' }) } }] });
    messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: sentence(i + 1, 40) });
  }
  messages.push({ role: 'assistant', content: sentence(i + 2, 200) });
  return JSON.stringify({ model: 'gpt-4.1', messages, metadata: { source: 'bench', id: i } });
}

function generate(megabytes: number): { bytes: Uint8Array; records: number } {
  const encoder = new TextEncoder();
  // 500 distinct records repeated: generating 100,000 distinct ones would dominate the run.
  const lines = Array.from({ length: 500 }, (_, i) => encoder.encode(`${record(i)}\n`));
  const target = megabytes * 1024 * 1024;
  const bytes = new Uint8Array(target + 8192);
  let at = 0;
  let n = 0;
  while (at < target) {
    const line = lines[n % lines.length] as Uint8Array;
    bytes.set(line, at);
    at += line.length;
    n++;
  }
  return { bytes: bytes.subarray(0, at), records: n };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(run: () => void): number {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

function inChunks(bytes: Uint8Array, each: (chunk: Uint8Array) => void): void {
  for (let at = 0; at < bytes.length; at += CHUNK) each(bytes.subarray(at, Math.min(at + CHUNK, bytes.length)));
}

const mb = (bytes: number): number => bytes / (1024 * 1024);
const rate = (bytes: number, ms: number): string => `${(mb(bytes) / (ms / 1000)).toFixed(0).padStart(6)} MB/s  (${ms.toFixed(0)} ms)`;

const { bytes, records } = generate(TARGET_MB);
console.log(`JSONL: ${mb(bytes.length).toFixed(0)} MB, ${records.toLocaleString('en')} records, ${CHUNK / 1024} KB chunks, median of ${ROUNDS} rounds`);

let index: JsonlIndex | undefined;
const indexMs = time(() => {
  const indexer = new JsonlIndexer();
  inChunks(bytes, (chunk) => indexer.push(chunk));
  index = indexer.finish();
});
if (!index || index.records.count !== records) throw new Error(`indexed ${index?.records.count} records, expected ${records}`);
console.log(`index                  ${rate(bytes.length, indexMs)}   ${(index.records.memoryBytes / records).toFixed(1)} bytes/record`);

const hashMs = time(() => {
  const hash = new StreamingHash();
  inChunks(bytes, (chunk) => hash.update(chunk));
  hash.digest();
});
console.log(`fingerprint hash       ${rate(bytes.length, hashMs)}`);

const bothMs = time(() => {
  const indexer = new JsonlIndexer();
  const hash = new StreamingHash();
  inChunks(bytes, (chunk) => {
    indexer.push(chunk);
    hash.update(chunk);
  });
  indexer.finish();
  hash.digest();
});
console.log(`index + hash           ${rate(bytes.length, bothMs)}`);

const full = index;
const edited = new Map<number, string>();
for (let i = 0; i < records; i += 100) edited.set(i, record(i).replace('You are', 'You were'));
let parts: ReturnType<typeof writeJsonl> = [];
const partsMs = time(() => {
  parts = writeJsonl(full, { edited });
});
const concatMs = time(() => {
  concatParts(parts, bytes);
});
console.log(`write parts, 1 % edited ${rate(bytes.length, partsMs)}   ${parts.length.toLocaleString('en')} parts`);
console.log(`join parts into bytes  ${rate(bytes.length, concatMs)}`);

const sample = Math.min(5000, records);
const decodeMs = time(() => {
  for (let i = 0; i < sample; i++) {
    const result = decodeRecordBytes(bytes.subarray(full.records.start(i), full.records.end(i)), i + 1);
    if (!result.ok) throw new Error(result.message);
    summarizeRecord(result.record, result.dialect, result.diagnostics);
  }
});
console.log(`decode + summary       ${((sample / decodeMs) * 1000).toFixed(0).padStart(6)} records/s (${(decodeMs / sample).toFixed(3)} ms each; the whole file: ${((records * decodeMs) / sample / 1000).toFixed(1)} s)`);

// JSON array: the same records, a fifth of the size (one more copy of the data in memory).
const arrayBytes = new Uint8Array(Math.floor(bytes.length / 5) + 2);
const lastLf = bytes.lastIndexOf(10, arrayBytes.length - 3);
arrayBytes[0] = 0x5b;
arrayBytes.set(bytes.subarray(0, lastLf), 1);
for (let at = 1; at < lastLf + 1; at++) if (arrayBytes[at] === 10) arrayBytes[at] = 0x2c;
arrayBytes[lastLf + 1] = 0x5d;
const arrayView = arrayBytes.subarray(0, lastLf + 2);
const arrayMs = time(() => {
  const scanner = new JsonArrayScanner();
  inChunks(arrayView, (chunk) => scanner.push(chunk));
  const result = scanner.finish();
  if (result.error) throw new Error(result.error.message);
});
console.log(`JSON array scan        ${rate(arrayView.length, arrayMs)}`);

// Writing an edited record back: per record, what commitCurrent, fix-all and replace pay.
const decodedSample = Array.from({ length: 500 }, (_, i) => {
  // Every other record with numbers spelled as JSON.stringify would not write them.
  const text = i % 2 === 0 ? record(i) : record(i).replace('"metadata":{', '"temperature":1.0,"top_p":0.90,"seed":12345678901234567890,"metadata":{"w":-0,');
  const result = decodeRecordText(text, i + 1);
  if (!result.ok) throw new Error(result.message);
  return result;
});
const encodeRounds = 20;
const floorMs = time(() => {
  for (let r = 0; r < encodeRounds; r++) for (const d of decodedSample) JSON.stringify(findCodec(d.dialect)?.encode(d.record).json);
});
const writeBackMs = time(() => {
  for (let r = 0; r < encodeRounds; r++) for (const d of decodedSample) encodeRecordLine(d.record, d.dialect, d.json, d.text);
});
const perRecord = (ms: number): string => `${((ms * 1000) / (encodeRounds * decodedSample.length)).toFixed(1)} µs`;
console.log(`write back an edit     ${perRecord(writeBackMs)} a record (codec encode + JSON.stringify alone: ${perRecord(floorMs)}; ~2.5 KB records, half with spelled numbers)`);

