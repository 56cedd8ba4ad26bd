/** Helpers of the dataset tests: bytes from text, feeding a scanner in chunks, reading an index back as text. */
import type { RecordIndex, Terminator } from './record-index.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

export function text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** `bytes` cut at the given offsets (sorted, within the bytes). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.slice(from, cut));
    from = cut;
  }
  return chunks;
}

export interface Entry {
  text: string;
  terminator: Terminator;
  blank: boolean;
}

/** Each record of the index as the text of its bytes, its terminator and blank flag. */
export function entries(records: RecordIndex, bytes: Uint8Array): Entry[] {
  const out: Entry[] = [];
  for (let i = 0; i < records.count; i++) out.push({ text: text(bytes.subarray(records.start(i), records.end(i))), terminator: records.terminator(i), blank: records.blank(i) });
  return out;
}

/** Plain copies of the spans, to compare two indexes. */
export function spans(records: RecordIndex): [number, number, Terminator, boolean][] {
  const out: [number, number, Terminator, boolean][] = [];
  for (let i = 0; i < records.count; i++) out.push([records.start(i), records.end(i), records.terminator(i), records.blank(i)]);
  return out;
}
