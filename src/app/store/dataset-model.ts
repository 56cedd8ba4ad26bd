/**
 * The dataset's state as plain, immutable data, and the pure operations on it (no store, no
 * codecs): which records exist in which order, what was edited, deleted and inserted. The
 * slice (dataset-slice.ts) keeps these values; the writer gets them through `toDatasetEdits`.
 *
 * Records are named by **id**: ids 0 … count-1 are the entries of the file's index (blank lines
 * included, as in src/core/dataset), ids from `count` on are records added in the app
 * (duplicates), in the order they were made. An id never changes and is never reused.
 */
import type { DatasetEdits, NewRecord, RecordProblemKind, RecordSummary } from '../../core/index.ts';
import type { ReviewDetails, Verdict } from '../review/review-mark.ts';
import type { RowMark } from '../review/row-mark.ts';

/** A record's review verdict (app/review), `unreviewed` when there is none. Being edited is not a status: see `shownStatus`. */
export type RecordStatus = Verdict | 'unreviewed';
/** What the list shows and filters by: the verdict; without one, `edited` when the record was edited. */
export type ShownStatus = RecordStatus | 'edited';

/** Why a record cannot be shown in the editors (a bad line): its line, the reason. */
export interface RowProblem {
  kind: RecordProblemKind;
  /** `Line 12: not valid JSON: … at column 11` */
  message: string;
  line: number;
  column?: number;
}

/** What decoding a record tells the list: its summary and diagnostic codes, or why it is bad. */
export interface RowContent {
  /** Undefined until the record was decoded (the worker's second pass, or an edit), or when it is bad. */
  summary?: RecordSummary;
  /** The distinct diagnostic codes of the record (core/checks checkRecord), for summaries and filters. */
  codes?: readonly string[];
  /** The codes of `codes` that are only harmless differences in the record (row-content.ts `harmlessOnly`). */
  harmlessCodes?: readonly string[];
  /** The record's content key (core/checks contentKey): rows with equal keys are exact duplicates. */
  key?: string;
  problem?: RowProblem;
}

export interface DatasetRow extends RowContent {
  /** 1-based line of the file where the record starts (an added record: the line of its source). */
  line: number;
  /** A blank line of a JSONL file: not a record, not listed, kept when writing. */
  blank: boolean;
  status: RecordStatus;
  /** The record was edited and an earlier Save wrote the edit into the file (the edit is no longer among the changes). */
  savedEdit?: true;
  /** Labels, comments, reviewer and time of the review (app/review), when any. */
  review?: ReviewDetails;
}

/** The changes to the file, by record id. Every change makes new Maps/Sets (never mutated). */
export interface DatasetChanges {
  /** id → the record's new text (one line of JSON). For an added record, its text once edited. */
  edited: ReadonlyMap<number, string>;
  /** Original records (ids < count) that were deleted. */
  deleted: ReadonlySet<number>;
  /** Original record id (-1: before the first) → the added ids written after it, in order. */
  inserted: ReadonlyMap<number, readonly number[]>;
  /** Added id → the original record whose bytes it copies while it is not edited. */
  copies: ReadonlyMap<number, number>;
}

export const NO_CHANGES: DatasetChanges = { edited: new Map(), deleted: new Set(), inserted: new Map(), copies: new Map() };

/** The ids in file order that are listed: not blank, not deleted, added records after their anchor. */
export function fileOrder(rows: readonly DatasetRow[], count: number, changes: DatasetChanges): number[] {
  const order: number[] = [];
  for (const id of changes.inserted.get(-1) ?? []) order.push(id);
  for (let id = 0; id < count; id++) {
    const row = rows[id];
    if (row && !row.blank && !changes.deleted.has(id)) order.push(id);
    for (const added of changes.inserted.get(id) ?? []) order.push(added);
  }
  return order;
}

/** The changes in the writer's terms (core's DatasetEdits): added records as their text or a copy. */
export function toDatasetEdits(changes: DatasetChanges, count: number): DatasetEdits {
  const edited = new Map<number, string>();
  for (const [id, text] of changes.edited) if (id < count) edited.set(id, text);
  const inserted = new Map<number, NewRecord[]>();
  for (const [after, ids] of changes.inserted) {
    const records: NewRecord[] = [];
    for (const id of ids) {
      const text = changes.edited.get(id);
      const copyOf = changes.copies.get(id);
      if (text !== undefined) records.push(text);
      else if (copyOf !== undefined) records.push({ copyOf });
    }
    if (records.length > 0) inserted.set(after, records);
  }
  return { edited, deleted: changes.deleted, inserted };
}

/** Where an id sits for the writer: its anchor (the original it follows) when added, itself otherwise. */
export function anchorOf(changes: DatasetChanges, id: number, count: number): number {
  if (id < count) return id;
  for (const [after, ids] of changes.inserted) if (ids.includes(id)) return after;
  throw new RangeError(`record ${id} is not in the dataset`);
}

/** `changes` with record `id` deleted (an added record leaves its anchor's list). */
export function withDeleted(changes: DatasetChanges, id: number, count: number): DatasetChanges {
  if (id < count) {
    const deleted = new Set(changes.deleted);
    deleted.add(id);
    return { ...changes, deleted };
  }
  const after = anchorOf(changes, id, count);
  const inserted = new Map(changes.inserted);
  const rest = (inserted.get(after) ?? []).filter((other) => other !== id);
  if (rest.length > 0) inserted.set(after, rest);
  else inserted.delete(after);
  return { ...changes, inserted };
}

/**
 * `changes` with `newId` added right after record `id`: a copy of its original bytes when it is
 * an untouched original (no text through JavaScript), else a copy of its current text.
 */
export function withDuplicate(changes: DatasetChanges, id: number, newId: number, count: number): DatasetChanges {
  const after = anchorOf(changes, id, count);
  const inserted = new Map(changes.inserted);
  const list = [...(inserted.get(after) ?? [])];
  // After the source itself: at the front of its anchor's list when the source is the original.
  const at = id < count ? 0 : list.indexOf(id) + 1;
  list.splice(at, 0, newId);
  inserted.set(after, list);
  const text = changes.edited.get(id);
  if (text !== undefined) {
    const edited = new Map(changes.edited);
    edited.set(newId, text);
    return { ...changes, inserted, edited };
  }
  const copies = new Map(changes.copies);
  copies.set(newId, id < count ? id : (changes.copies.get(id) as number));
  return { ...changes, inserted, copies };
}

/** `changes` with the given texts set (undefined: back to the original bytes). */
export function withTexts(changes: DatasetChanges, texts: ReadonlyMap<number, string | undefined>): DatasetChanges {
  const edited = new Map(changes.edited);
  for (const [id, text] of texts) {
    if (text === undefined) edited.delete(id);
    else edited.set(id, text);
  }
  return { ...changes, edited };
}

/** `order` with `id` removed (a view order after a delete). */
export function withoutId(order: readonly number[], id: number): number[] {
  return order.filter((other) => other !== id);
}

/** `order` with `newId` placed right after `id` (or unchanged when `id` is not in it). */
export function withIdAfter(order: readonly number[], id: number, newId: number): readonly number[] {
  const at = order.indexOf(id);
  if (at === -1) return order;
  return [...order.slice(0, at + 1), newId, ...order.slice(at + 1)];
}

/** Whether record `id` is edited: its text changed here, or an earlier Save wrote its edit. */
export function isEdited(state: { datasetRows: readonly DatasetRow[]; datasetChanges: DatasetChanges }, id: number): boolean {
  return state.datasetChanges.edited.has(id) || state.datasetRows[id]?.savedEdit === true;
}

/** The status the list shows for record `id`: its verdict, else `edited` when it was edited, else `unreviewed`. */
export function shownStatus(state: { datasetRows: readonly DatasetRow[]; datasetChanges: DatasetChanges }, id: number): ShownStatus {
  const status = state.datasetRows[id]?.status ?? 'unreviewed';
  return status === 'unreviewed' && isEdited(state, id) ? 'edited' : status;
}

/** `row` with its review mark replaced by `mark` (content kept). */
export function withMark(row: DatasetRow, mark: RowMark): DatasetRow {
  const { savedEdit: _saved, review: _review, ...content } = row;
  return { ...content, status: mark.status, ...(mark.savedEdit ? { savedEdit: true as const } : {}), ...(mark.review ? { review: mark.review } : {}) };
}

/** The review mark of a row. */
export function markOf(row: DatasetRow): RowMark {
  return { status: row.status, ...(row.savedEdit ? { savedEdit: true as const } : {}), ...(row.review ? { review: row.review } : {}) };
}
