/**
 * The generated dataset of bench/dataset.bench.ts: OpenAI Chat Completions records of about
 * 2.5 KB, each different (its number and its own pseudo-random words), written as a stream to a
 * file in a temporary folder (never in the repository). Every 3rd record has a tool call whose
 * assistant message has `content: null` (as OpenAI writes it; an error for the Apertus format,
 * which a fix repairs), every 100th an assistant message with neither content nor tool calls,
 * every 1,000th line is not JSON (a bad line): about a third of the records have errors, as in a
 * file that needs fixing. Record i's user text starts with `#i ` and record 4321 alone holds the
 * word `zanzibar-needle` (what the search looks for).
 */
import { createWriteStream } from 'node:fs';

const WORDS = ['the', 'weather', 'in', 'Zurich', 'is', 'cloudy', 'and', 'search', 'results', 'show', 'that', 'models', 'use', 'tools', 'to', 'answer', 'précisément', 'naïve', '日本語', '😀', 'annotators', 'review', 'conversations', 'quickly'];
export const NEEDLE = 'zanzibar-needle';
export const NEEDLE_RECORD = 4321;

function words(seed: number, count: number): string {
  let s = '';
  let x = seed >>> 0 || 1;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s += (i ? ' ' : '') + WORDS[(x >>> 0) % WORDS.length];
  }
  return s;
}

export function recordLine(i: number): string {
  if (i % 1000 === 999) return `{"messages": [ not json, line ${i + 1}`;
  const messages: unknown[] = [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: `#${i} ${i === NEEDLE_RECORD ? `${NEEDLE} ` : ''}${words(i * 7919 + 1, 122)}` },
  ];
  if (i % 3 === 0) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Zurich', day: i % 7 }) } }] });
    messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: words(i * 31 + 7, 30) });
  }
  messages.push(i % 100 === 50 ? { role: 'assistant', content: null } : { role: 'assistant', content: words(i * 104729 + 3, 212) });
  return JSON.stringify({ model: 'gpt-4.1', messages, metadata: { source: 'bench', id: i } });
}

/** Writes `records` lines to `file`; resolves with its size in bytes. */
export async function writeDatasetFile(file: string, records: number): Promise<number> {
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  let size = 0;
  let batch = '';
  for (let i = 0; i < records; i++) {
    batch += `${recordLine(i)}\n`;
    if (batch.length > 1 << 20 || i === records - 1) {
      size += Buffer.byteLength(batch);
      if (!out.write(batch)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      batch = '';
    }
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return size;
}
