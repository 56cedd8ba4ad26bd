/**
 * A finished pass's rows kept in this browser (IndexedDB, a database of its own), by the file's
 * fingerprint, the profile and the tokenizer: opening the same file again with the same
 * choices shows its lengths at once instead of tokenizing it again (about a minute per 60 MB).
 * Only the most recent results are kept; a failure to read or write just means measuring again.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { LengthsRow } from './lengths-logic.ts';

export interface KeptLengths {
  tokenizerName: string | undefined;
  rows: (LengthsRow | null)[];
}

/**
 * Results kept: each is a few numbers per record (about 3 MB for 100,000 records), so a handful
 * stays small; raise it if people switch among more files and tokenizers than this.
 */
export const KEPT_RESULTS = 6;

const RECENT_KEY = 'recent';

let store: UseStore | undefined;
function db(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('parley-lengths', 'results');
  return store;
}

export async function readKept(key: string): Promise<KeptLengths | undefined> {
  const where = db();
  if (!where) return undefined;
  try {
    const value = await get<KeptLengths>(key, where);
    return value && Array.isArray(value.rows) ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function keep(key: string, value: KeptLengths): Promise<void> {
  const where = db();
  if (!where) return;
  try {
    const recent = ((await get<string[]>(RECENT_KEY, where)) ?? []).filter((k) => k !== key);
    recent.unshift(key);
    for (const old of recent.splice(KEPT_RESULTS)) await del(old, where);
    await set(key, value, where);
    await set(RECENT_KEY, recent, where);
  } catch {
    // Storage full or refused: the lengths stay on the page for this session.
  }
}
