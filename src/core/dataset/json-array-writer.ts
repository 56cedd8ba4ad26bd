/**
 * Writes a `.json` array dataset back, byte-exact where nothing changed: the text before the
 * first record (BOM, `[`, white space), between two records that stay neighbours, and after
 * the last one is copied from the original; an edited record's text replaces only its own
 * bytes. Where records are deleted or inserted, the separator is the one after the record
 * before it (or, for a record that was last, the file's first separator, else `,`).
 */
import type { DatasetEdits, NewRecord, WriteOptions } from './edits.ts';
import type { JsonArrayIndex } from './json-array-scanner.ts';
import { PartsBuilder, type OutputPart } from './output-parts.ts';

export function writeJsonArray(index: JsonArrayIndex, edits: DatasetEdits = {}, options: WriteOptions = {}): OutputPart[] {
  if (index.error) throw new Error(`writeJsonArray: the file could not be read as an array of records: ${index.error.message}`);
  const { records, size } = index;
  const count = records.count;
  const { edited, deleted, inserted } = edits;
  const only = options.only;
  const withInserted = options.includeInserted ?? true;
  const out = new PartsBuilder();
  const typical: { start: number; end: number } | string = count >= 2 ? { start: records.end(0), end: records.start(1) } : ',';
  /** The original record written last, when the last thing written was an original record. */
  let previous: number | undefined;
  let first = true;

  const separator = (): void => {
    if (first) {
      first = false;
      return;
    }
    if (previous !== undefined && previous < count - 1) out.original(records.end(previous), records.start(previous + 1));
    else if (typeof typical === 'string') out.text(typical);
    else out.original(typical.start, typical.end);
  };
  const writeRecord = (i: number): void => {
    separator();
    const text = edited?.get(i);
    if (text === undefined) out.original(records.start(i), records.end(i));
    else out.text(text);
    previous = i;
  };
  const writeNew = (record: NewRecord): void => {
    separator();
    if (typeof record === 'string') out.text(record);
    else out.original(records.start(record.copyOf), records.end(record.copyOf));
    previous = undefined;
  };
  const writeInserted = (after: number): void => {
    if (!withInserted && only) return;
    for (const record of inserted?.get(after) ?? []) writeNew(record);
  };

  out.original(0, count > 0 ? records.start(0) : index.close);
  writeInserted(-1);
  for (let i = 0; i < count; i++) {
    if (!deleted?.has(i) && (!only || only.has(i))) writeRecord(i);
    writeInserted(i);
  }
  out.original(count > 0 ? records.end(count - 1) : index.close, size);
  return out.parts;
}
