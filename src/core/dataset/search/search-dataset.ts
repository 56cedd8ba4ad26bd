/**
 * Search and replace over a whole dataset, for the app's worker: records are read one at a time
 * from a source (the file's bytes, or the edited text of a record), ruled out by the prefilter
 * when possible, decoded only when not. Long runs give way to the event loop now and then, so a
 * worker can report progress and hear a cancel.
 */
import type { DialectContext } from '../../interchange/choose-dialect.ts';
import { prefilterOf } from './prefilter.ts';
import { replaceInRecord } from './replace.ts';
import type { CompiledSearch } from './scope.ts';
import { countInRecordText, readForSearch } from './search-record.ts';

export interface RecordSource {
  /** The records to look at, in the order results are wanted (e.g. the file order without deleted records). */
  ids: readonly number[];
  /** The record's current text (its edit, or its bytes decoded), or undefined to skip it (not UTF-8). */
  textOf(id: number): string | undefined;
  context?: DialectContext;
}

export interface RunOptions {
  /** Called every `progressEvery` records and at the end: records looked at, of how many. */
  onProgress?: (done: number, total: number) => void;
  progressEvery?: number;
  signal?: AbortSignal;
  /** Gives way to the event loop (default: a zero timeout); called about every 50 ms of work. */
  pause?: () => Promise<void>;
}

export interface SearchResult {
  /** Ids of the records with at least one match, in source order. */
  ids: number[];
  /** Matches per record, parallel to `ids`. */
  places: number[];
  totalPlaces: number;
  cancelled: boolean;
}

export interface ReplacePlan {
  /** Record id → its new line, for the records that change. */
  changes: Map<number, string>;
  /** Places replaced, over `changes`. */
  places: number;
  /** Matching records that cannot be changed by a replace (not a conversation: fix them as text). */
  unreadable: number;
  cancelled: boolean;
}

const defaultPause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function searchDataset(source: RecordSource, search: CompiledSearch, options: RunOptions = {}): Promise<SearchResult> {
  const prefilter = prefilterOf(search);
  const result: SearchResult = { ids: [], places: [], totalPlaces: 0, cancelled: false };
  result.cancelled = await run(source, options, (id, text) => {
    const places = countInRecordText(text, search, prefilter, source.context);
    if (places === 0) return;
    result.ids.push(id);
    result.places.push(places);
    result.totalPlaces += places;
  });
  return result;
}

/**
 * The changes a replace would make, computed without applying them: the caller shows the counts
 * (`changes.size` records, `places` places) and applies `changes` as one undoable step. A scoped
 * search replaces only in the fields in scope, only in records whose `key:` conditions hold; a
 * search without a text has nothing to replace (the caller says so before asking).
 */
export async function planReplace(source: RecordSource, search: CompiledSearch, template: string, options: RunOptions = {}): Promise<ReplacePlan> {
  const prefilter = prefilterOf(search);
  const plan: ReplacePlan = { changes: new Map(), places: 0, unreadable: 0, cancelled: false };
  const matcher = search.text;
  if (!matcher) return plan;
  plan.cancelled = await run(source, options, (id, text) => {
    if (prefilter && !prefilter.mayMatch(text)) return;
    const read = readForSearch(text, source.context);
    if (!read) {
      if (countInRecordText(text, search, undefined, source.context) > 0) plan.unreadable++;
      return;
    }
    if (!search.keysHold(read.json)) return;
    let replaced: ReturnType<typeof replaceInRecord>;
    try {
      replaced = replaceInRecord(read.record, read.dialect, read.json, matcher, template, text, search.inScope);
    } catch {
      // A record the replace cannot rewrite (nested so deep that copying it overflows the stack)
      // is counted with the bad lines, to be fixed as text: one record never stops the replace.
      if (countInRecordText(text, search, undefined, source.context) > 0) plan.unreadable++;
      return;
    }
    if (!replaced || replaced.text === text) return;
    plan.changes.set(id, replaced.text);
    plan.places += replaced.places;
  });
  return plan;
}

/** Calls `visit` for each record of the source; true when cancelled. */
async function run(source: RecordSource, options: RunOptions, visit: (id: number, text: string) => void): Promise<boolean> {
  const { onProgress, progressEvery = 1000, signal, pause = defaultPause } = options;
  const total = source.ids.length;
  let since = Date.now();
  for (let i = 0; i < total; i++) {
    if (signal?.aborted) return true;
    const id = source.ids[i] as number;
    const text = source.textOf(id);
    if (text !== undefined) visit(id, text);
    if ((i + 1) % progressEvery === 0) {
      onProgress?.(i + 1, total);
      if (Date.now() - since > 50) {
        await pause();
        since = Date.now();
      }
    }
  }
  if (signal?.aborted) return true;
  onProgress?.(total, total);
  return false;
}
