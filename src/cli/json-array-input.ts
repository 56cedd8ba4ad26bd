/**
 * A `.json` input that holds an array of records (LLaMA-Factory and Alpaca data sets ship so) is
 * read as JSON Lines: one result per element, in order. Its elements are found by the app's
 * JSON array scanner (core/dataset/json-array-scanner.ts), each sliced out as it was written.
 * An array of messages (objects with a `role`) stays one conversation, as before; so does an
 * empty array, and anything the scanner refuses (not an array of objects): the single-document
 * reader says what is wrong with it.
 */
import { indexJsonArray } from '../core/index.ts';
import { isObject } from '../core/shared/json.ts';
import { CHUNK_BYTES } from './line-chunks.ts';

export interface ArrayRecords {
  /** Each element as one line of JSON (line breaks between its tokens made spaces). */
  lines: string[];
  /** The 1-based line of the file on which each element starts (what notes on stderr name). */
  lineNumbers: number[];
}

/** Only an input that starts with `[` is scanned. */
const STARTS_ARRAY = /^\s*\[/;
/**
 * Line breaks can only stand between the tokens of a JSON text (inside a string they are
 * escaped), so a space in their place keeps the element's value; a raw line break inside a
 * string is not JSON, and the record would then read where JSON.parse refuses it.
 */
const LINE_BREAKS = /\r\n|\r|\n/g;

/** The records of `text` when it is a JSON array of records; undefined otherwise. */
export function arrayRecordsOf(text: string): ArrayRecords | undefined {
  if (!STARTS_ARRAY.test(text)) return undefined;
  const bytes = Buffer.from(text, 'utf8');
  const index = indexJsonArray(bytes);
  const count = index.records.count;
  if (index.error !== undefined || count === 0) return undefined;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(bytes.toString('utf8', index.records.start(i), index.records.end(i)).replace(LINE_BREAKS, ' '));
  if (isMessage(lines[0] as string)) return undefined;
  return { lines, lineNumbers: index.lines.slice(0, count) };
}

/** The first element is a message (`role`): the array is one conversation's messages. */
function isMessage(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) && 'role' in value;
  } catch {
    return false;
  }
}

/** The lines as chunks of whole lines of about the size the JSON Lines reader makes. */
export function* arrayChunks(records: ArrayRecords): Generator<Buffer> {
  let batch: string[] = [];
  let size = 0;
  for (const line of records.lines) {
    batch.push(line);
    size += line.length + 1;
    if (size >= CHUNK_BYTES) {
      yield Buffer.from(`${batch.join('\n')}\n`, 'utf8');
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield Buffer.from(`${batch.join('\n')}\n`, 'utf8');
}
