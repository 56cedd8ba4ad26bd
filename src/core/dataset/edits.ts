/** The changes a writer applies to a dataset file, keyed by record index (0-based, blank lines included). */

/** A new record: its text, or a copy of original record `copyOf`'s bytes (a duplicate, not copied through JavaScript). */
export type NewRecord = string | { copyOf: number };

export interface DatasetEdits {
  /** Record → its new text (one JSON value; for JSONL one line, no terminator). */
  edited?: ReadonlyMap<number, string>;
  deleted?: ReadonlySet<number>;
  /** Records to write after record i (-1: before the first), in order. */
  inserted?: ReadonlyMap<number, readonly NewRecord[]>;
}

export interface WriteOptions {
  /** Write only these original records (edited ones as edited); the others are left out. */
  only?: ReadonlySet<number>;
  /** With `only`: also write the inserted records (default true: they are edits too). */
  includeInserted?: boolean;
}
