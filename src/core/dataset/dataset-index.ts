/** What the two kinds of dataset index have in common, so that the app handles one type. */
import type { DatasetEdits, WriteOptions } from './edits.ts';
import type { JsonArrayIndex } from './json-array-scanner.ts';
import { writeJsonArray } from './json-array-writer.ts';
import type { JsonlIndex } from './jsonl-indexer.ts';
import { writeJsonl } from './jsonl-writer.ts';
import type { OutputPart } from './output-parts.ts';

export type DatasetIndex = JsonlIndex | JsonArrayIndex;

/** The 1-based line of the file on which record i starts. */
export function recordLine(index: DatasetIndex, i: number): number {
  if (index.format === 'jsonl') return i + 1;
  const line = index.lines[i];
  if (line === undefined) throw new RangeError(`record ${i} is not in the index (0…${index.lines.length - 1})`);
  return line;
}

/** The file written back with `edits` (see jsonl-writer.ts and json-array-writer.ts for the guarantees). */
export function writeDataset(index: DatasetIndex, edits?: DatasetEdits, options?: WriteOptions): OutputPart[] {
  return index.format === 'jsonl' ? writeJsonl(index, edits, options) : writeJsonArray(index, edits, options);
}
