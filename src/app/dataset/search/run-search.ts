/**
 * The search worker's work, without the worker: a search or a replace plan over the records of
 * a request, block by block (read-records.ts), with progress over the whole run and cancelling.
 * A replace plan also gives the record list's view of each changed record (its summary and
 * codes), so that applying it does not decode every changed record again on the page.
 */
import { compileSearch, decodeRecordText, dialectContextOf, planReplace, searchDataset } from '../../../core/index.ts';
import { rowContent } from '../row-content.ts';
import { workerProfile } from '../worker-profile.ts';
import { forEachBatch } from './read-records.ts';
import type { ReplaceFound, SearchFound, SearchRequest } from './search-protocol.ts';

type Work = Exclude<SearchRequest, { type: 'search-cancel' }>;

export type WorkResult = { type: 'searched'; result: SearchFound } | { type: 'planned'; plan: ReplaceFound } | { type: 'cancelled' } | { type: 'failed'; error: string };

/** A search of qualifiers alone (`role:bot`) finds records, not a text: there is nothing to replace. */
export const NOTHING_TO_REPLACE = 'Replace needs a text after the qualifiers (role:assistant Paris): qualifiers alone find records, not a text to change.';

export async function runSearch(request: Work, onProgress: (done: number, total: number) => void, signal: AbortSignal): Promise<WorkResult> {
  const compiled = compileSearch(request.query);
  if (!compiled.ok) return { type: 'failed', error: compiled.error };
  const { search } = compiled;
  if (request.type === 'search-replace' && !search.text) return { type: 'failed', error: NOTHING_TO_REPLACE };
  const total = request.records.ids.length;
  const found: SearchFound = { ids: [], places: [], totalPlaces: 0 };
  const plan: ReplaceFound = { changes: new Map(), contents: new Map(), places: 0, unreadable: 0 };
  const lineOf = new Map<number, number>();
  if (request.type === 'search-replace') request.records.ids.forEach((id, i) => lineOf.set(id, request.records.lines[i] ?? 1));
  let cancelled = false;
  await forEachBatch(request.records, async (source, before) => {
    const options = { signal, onProgress: (done: number) => onProgress(before + done, total) };
    if (request.type === 'search-find') {
      const result = await searchDataset(source, search, options);
      found.ids.push(...result.ids);
      found.places.push(...result.places);
      found.totalPlaces += result.totalPlaces;
      cancelled = result.cancelled;
    } else {
      const result = await planReplace(source, search, request.template, options);
      for (const [id, text] of result.changes) {
        plan.changes.set(id, text);
        const profile = workerProfile();
        plan.contents.set(id, rowContent(decodeRecordText(text, lineOf.get(id) ?? 1, dialectContextOf(profile)), profile));
      }
      plan.places += result.places;
      plan.unreadable += result.unreadable;
      cancelled = result.cancelled;
    }
    return !cancelled;
  });
  if (cancelled || signal.aborted) return { type: 'cancelled' };
  return request.type === 'search-find' ? { type: 'searched', result: found } : { type: 'planned', plan };
}
