/**
 * The Parquet benchmark's data (bench/parquet.bench.ts): chat records of 10 plain-text
 * messages, written side by side as JSON Lines and as Parquet (`id` INT64 and `messages`
 * list<struct<role, content>>, snappy, `rowGroupRows` rows per row group), about `targetMb` MB
 * of JSON Lines. `tsx bench/parquet-data.ts DIR MB [ROWS]` writes them into DIR, for profiling.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { SchemaElement } from 'hyparquet';
import { fileWriter, ParquetWriter } from 'hyparquet-writer';

const WORDS = 'the of and to in is that for it as with was on be by this are or at from have an which one you were all we can her has there been if more when will would who so no'.split(' ');
function text(seed: number, count: number): string {
  let out = '';
  // 32-bit arithmetic (Math.imul): a float product past 2^53 would repeat texts, which Parquet's dictionary would then store once.
  let x = Math.imul(seed + 1, 2654435761) >>> 0;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out += (i === 0 ? '' : ' ') + WORDS[(x >>> 8) % WORDS.length];
  }
  return out;
}
/** Record n's messages: a system message and nine of 40 words each (also bench/parquet-app.bench.ts's). */
export function chatMessages(n: number): { role: string; content: string }[] {
  const messages = [{ role: 'system', content: 'You are a helpful assistant.' }];
  for (let m = 1; m < 10; m++) messages.push({ role: m % 2 === 1 ? 'user' : 'assistant', content: text(n * 10 + m, 40) });
  return messages;
}
function record(n: number): { messages: { role: string; content: string }[] } {
  return { messages: chatMessages(n) };
}

const SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 2 },
  { name: 'id', type: 'INT64', repetition_type: 'REQUIRED' },
  { name: 'messages', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', repetition_type: 'OPTIONAL', num_children: 2 },
  { name: 'role', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'content', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
];

export async function writeData(dir: string, targetMb: number, rowGroupRows: number): Promise<{ jsonl: string; parquet: string; records: number }> {
  const jsonl = join(dir, 'chats.jsonl');
  const parquet = join(dir, 'chats.parquet');
  const out = createWriteStream(jsonl);
  const pq = new ParquetWriter({ writer: fileWriter(parquet), schema: SCHEMA });
  let bytes = 0;
  let n = 0;
  while (bytes < targetMb * 1e6) {
    const ids: bigint[] = [];
    const messages: unknown[] = [];
    let lines = '';
    for (let i = 0; i < rowGroupRows && bytes < targetMb * 1e6; i++, n++) {
      const r = record(n);
      const line = `${JSON.stringify(r)}\n`;
      bytes += Buffer.byteLength(line);
      lines += line;
      ids.push(BigInt(n));
      messages.push(r.messages);
    }
    if (!out.write(lines)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    await pq.write({ columnData: [{ name: 'id', data: ids }, { name: 'messages', data: messages }], rowGroupSize: ids.length });
  }
  await pq.finish();
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return { jsonl, parquet, records: n };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, mb, rows] = process.argv.slice(2);
  if (dir === undefined || mb === undefined) throw new Error('usage: tsx bench/parquet-data.ts DIR MB [ROWS]');
  console.log(await writeData(dir, Number(mb), Number(rows ?? 20_000)));
}
