/**
 * The index of a Parquet dataset's JSON Lines as it grows (docs/datasets.md, "What shows
 * when"): the worker indexes each row group's lines as it reads them and sends the page only
 * the entries it has not sent yet (`indexPart`); the page appends them to its own index
 * (`appendIndexPart`). Entries are only ever appended, so a record's id and byte offsets never
 * change while the dataset grows.
 */
import { RecordIndex, type RecordIndexData } from '../../../core/index.ts';

/** Entries `from`, `from + 1`, … of an index, as plain data (its arrays can be transferred). */
export interface IndexPart {
  from: number;
  data: RecordIndexData;
}

/** Copies of the entries of `records` from `from` on. */
export function indexPart(records: RecordIndex, from: number): IndexPart {
  const part = new RecordIndex();
  for (let i = from; i < records.count; i++) part.append(records.start(i), records.end(i), records.terminator(i), records.blank(i));
  return { from, data: part.toData() };
}

/** Appends `part` to `records`; it must start where `records` ends (a part lost or repeated would shift every later id). */
export function appendIndexPart(records: RecordIndex, part: IndexPart): void {
  if (part.from !== records.count) throw new RangeError(`index part starts at entry ${part.from}, the index has ${records.count}`);
  const added = RecordIndex.fromData(part.data);
  for (let i = 0; i < added.count; i++) records.append(added.start(i), added.end(i), added.terminator(i), added.blank(i));
}
