/**
 * Messages between the page and the worker that searches: the dataset worker (dataset.worker.ts
 * passes these on to worker-handler.ts) for text searches, or the search's own worker
 * (search.worker.ts) for regular expressions (which Cancel may have to end) and when the dataset
 * worker is gone. The page sends what the worker needs to read
 * every record as it is now: the original file (a Blob: sent by reference, never copied), the
 * byte span of each record to read from it, and the texts of the edited records. The worker
 * answers with progress, then one result. Every type starts with `search-`, so that the dataset
 * worker's own messages and these never mix.
 */
import type { SearchQuery } from '../../../core/index.ts';
import type { RowContent } from '../../store/index.ts';

/** The records to look at, in order: an edited text, or a byte span of the file. */
export interface RecordsToRead {
  file: Blob;
  ids: Int32Array;
  /** Byte spans of the file per position of `ids` (ignored where `edited` has the id). */
  starts: Float64Array;
  ends: Float64Array;
  /** The 1-based line each record starts on, per position of `ids` (for the messages of a record that does not read). */
  lines: Int32Array;
  edited: Map<number, string>;
}

export type SearchRequest =
  | { type: 'search-find'; job: number; query: SearchQuery; records: RecordsToRead }
  | { type: 'search-replace'; job: number; query: SearchQuery; template: string; records: RecordsToRead }
  | { type: 'search-cancel'; job: number };

export interface SearchFound {
  ids: number[];
  places: number[];
  totalPlaces: number;
}

export interface ReplaceFound {
  changes: Map<number, string>;
  /** What the record list shows of each changed record, computed here so the page need not decode them. */
  contents: Map<number, RowContent>;
  places: number;
  unreadable: number;
}

export type SearchResponse =
  | { type: 'search-progress'; job: number; done: number; total: number }
  | { type: 'search-found'; job: number; result: SearchFound }
  | { type: 'search-planned'; job: number; plan: ReplaceFound }
  | { type: 'search-cancelled'; job: number }
  | { type: 'search-failed'; job: number; error: string };

const REQUESTS: ReadonlySet<string> = new Set<SearchRequest['type']>(['search-find', 'search-replace', 'search-cancel']);
const RESPONSES: ReadonlySet<string> = new Set<SearchResponse['type']>(['search-progress', 'search-found', 'search-planned', 'search-cancelled', 'search-failed']);

function typeOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
}

export function isSearchRequest(data: unknown): data is SearchRequest {
  const type = typeOf(data);
  return typeof type === 'string' && REQUESTS.has(type);
}

export function isSearchResponse(data: unknown): data is SearchResponse {
  const type = typeOf(data);
  return typeof type === 'string' && RESPONSES.has(type);
}
