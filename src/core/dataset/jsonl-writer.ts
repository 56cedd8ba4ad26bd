/**
 * Writes a JSONL dataset back, byte-exact where nothing changed:
 * - an untouched line (blank ones included) is its original bytes with its original terminator;
 * - an edited or inserted line ends with the file's dominant terminator (LF unless most lines end in CRLF);
 * - the BOM is kept, and so is a missing final newline: the output's last line ends as the
 *   input's last line did (a line that stops being last gets a terminator);
 * - no edits ⇒ the parts tile the input exactly.
 * The output is a list of parts (output-parts.ts): runs of untouched lines are one slice each.
 */
import type { DatasetEdits, NewRecord, WriteOptions } from './edits.ts';
import type { JsonlIndex } from './jsonl-indexer.ts';
import { PartsBuilder, type OutputPart } from './output-parts.ts';
import { terminatorText } from './record-index.ts';

/** A terminator waiting to learn whether another line follows: bytes of the original, or text. */
type Pending = { start: number; end: number } | string | undefined;

export function writeJsonl(index: JsonlIndex, edits: DatasetEdits = {}, options: WriteOptions = {}): OutputPart[] {
  const { records } = index;
  const count = records.count;
  const dominant = terminatorText(records.dominantTerminator());
  // An empty file has no last line to copy: its lines all end with a terminator.
  const finalNewline = count === 0 || records.terminator(count - 1) !== 'none';
  const { edited, deleted, inserted } = edits;
  const only = options.only;
  const withInserted = options.includeInserted ?? true;
  const out = new PartsBuilder();
  let pending: Pending;

  const flush = (): void => {
    if (typeof pending === 'string') out.text(pending);
    else if (pending) out.original(pending.start, pending.end);
    pending = undefined;
  };
  const writeText = (text: string, what: string): void => {
    if (text.includes('\n')) throw new Error(`writeJsonl: ${what} has a line break; a JSONL record must be one line`);
    flush();
    out.text(text);
    pending = dominant;
  };
  const writeOriginal = (i: number): void => {
    flush();
    out.original(records.start(i), records.end(i));
    const end = records.end(i);
    const next = records.next(i);
    // A last line without newline that is no longer last gets the dominant terminator.
    pending = next > end ? { start: end, end: next } : dominant;
  };
  const writeNew = (record: NewRecord, after: number): void => {
    if (typeof record === 'string') writeText(record, `a record inserted after record ${after}`);
    else writeOriginal(record.copyOf);
  };
  const writeInserted = (after: number): void => {
    if (!withInserted && only) return;
    for (const record of inserted?.get(after) ?? []) writeNew(record, after);
  };

  if (index.bomLength > 0) out.original(0, index.bomLength);
  writeInserted(-1);
  for (let i = 0; i < count; i++) {
    if (!deleted?.has(i) && (!only || only.has(i))) {
      const text = edited?.get(i);
      if (text === undefined) writeOriginal(i);
      else writeText(text, `record ${i}`);
    }
    writeInserted(i);
  }
  if (finalNewline) flush();
  return out.parts;
}
