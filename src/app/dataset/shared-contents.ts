/**
 * The rows' repeated values, one copy each on the page. A stripe of rows crosses from a
 * checking worker by structured clone, which copies every string and array of every row: the
 * dialect's name, the codes of a record's diagnostics, its kinds of empty field. Most records of
 * a file share them (100,000 rows, a few dozen distinct lists of codes), so each row is given the
 * copy already held (rows are never mutated: dataset-model.ts). The page's heap then holds
 * the rows' own values (preview, content key, counts), not 100,000 copies of "openai-chat".
 */
import type { RowContent } from '../store/index.ts';

/** Distinct values kept (per kind): past it a value is not shared (a file where nearly every record differs gains nothing). */
export const SHARED_LIMIT = 10_000;

export interface SharedContents {
  /**
   * Replaces, in place, each repeated value of `contents` by the copy held: they are the
   * worker's, just received and not yet in the store (no new objects: they would be garbage).
   */
  share(contents: RowContent[]): void;
}

export function sharedContents(): SharedContents {
  const strings = new Map<string, string>();
  const lists = new Map<string, readonly string[]>();
  const string = (value: string): string => {
    const held = strings.get(value);
    if (held !== undefined) return held;
    if (strings.size < SHARED_LIMIT) strings.set(value, value);
    return value;
  };
  const list = <T extends string>(value: readonly T[]): readonly T[] => {
    // JSON names a list of strings unambiguously (a join would take ["a", "b"] for ["a\nb"]).
    const key = JSON.stringify(value);
    const held = lists.get(key);
    if (held !== undefined) return held as readonly T[];
    if (lists.size < SHARED_LIMIT) lists.set(key, value);
    return value;
  };
  const one = (content: RowContent): void => {
    const { summary, codes, harmlessCodes } = content;
    if (summary) {
      summary.dialect = string(summary.dialect);
      if (summary.empty) summary.empty = list(summary.empty);
    }
    if (codes) content.codes = list(codes);
    if (harmlessCodes) content.harmlessCodes = list(harmlessCodes);
  };
  return { share: (contents) => contents.forEach(one) };
}
