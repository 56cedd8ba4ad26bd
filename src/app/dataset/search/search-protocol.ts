/**
 * Messages between the page and the search worker (search.worker.ts). The page sends what the
 * worker needs to read every record as it is now: the original file (a Blob: sent by reference,
 * never copied), the byte span of each record to read from it, and the texts of the edited
 * records. The worker answers with progress, then one result.
 */
import type { SearchQuery } from '../../../core/index.ts';

/** The records to look at, in order: an edited text, or a byte span of the file. */
export interface RecordsToRead {
  file: Blob;
  ids: Int32Array;
  /** Byte spans of the file per position of `ids` (ignored where `edited` has the id). */
  starts: Float64Array;
  ends: Float64Array;
  edited: Map<number, string>;
}

export type SearchRequest =
  | { type: 'search'; job: number; query: SearchQuery; records: RecordsToRead }
  | { type: 'replace'; job: number; query: SearchQuery; template: string; records: RecordsToRead }
  | { type: 'cancel'; job: number };

export interface SearchFound {
  ids: number[];
  places: number[];
  totalPlaces: number;
}

export interface ReplaceFound {
  changes: Map<number, string>;
  places: number;
  unreadable: number;
}

export type SearchResponse =
  | { type: 'progress'; job: number; done: number; total: number }
  | { type: 'searched'; job: number; result: SearchFound }
  | { type: 'planned'; job: number; plan: ReplaceFound }
  | { type: 'cancelled'; job: number }
  | { type: 'failed'; job: number; error: string };
