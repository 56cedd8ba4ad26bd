/**
 * The disagreements of the agreement report in the open dataset: one opened (its record found by
 * fingerprint, then line), or shown as a filter of the record list (core's id-set filter), one or
 * all of them.
 */
import { locatorText, matchReviewEntries, type Disagreement } from '../../../core/index.ts';
import { openRecord } from '../../dataset/navigation.ts';
import { searchStore, setSearchState } from '../../dataset/search/search-store.ts';
import { useAppStore } from '../../store/index.ts';
import { allRecordKeys } from '../review-file-io.ts';

/** The record id of each disagreement in the open dataset (undefined: not in it), in order. */
export async function disagreementIds(disagreements: readonly Disagreement[]): Promise<(number | undefined)[]> {
  const { dataset } = useAppStore.getState();
  if (!dataset) return disagreements.map(() => undefined);
  const keys = await allRecordKeys(dataset);
  const ids = [...keys.keys()];
  // Each disagreement by its first reviewer's entry (all of a disagreement's entries name the same record).
  const firsts = disagreements.map((d) => d.entries[0]);
  const present = firsts.flatMap((entry, at) => (entry ? [{ entry, at }] : []));
  const { matches } = matchReviewEntries(
    present.map((p) => p.entry),
    ids.map((id) => keys.get(id)!),
  );
  const found: (number | undefined)[] = disagreements.map(() => undefined);
  for (const { entry, record } of matches) found[(present[entry] as { at: number }).at] = ids[record];
  return found;
}

export async function openDisagreement(disagreement: Disagreement): Promise<void> {
  const { dataset, showNotice } = useAppStore.getState();
  if (!dataset) return;
  const [id] = await disagreementIds([disagreement]);
  if (id === undefined) showNotice({ tone: 'error', title: `The record of this disagreement is not in ${dataset.name}.` });
  else openRecord(id);
}

/**
 * List only the records of `disagreements` (the other filters stay on). Said in a notice: how
 * many are shown, and which are not in the open dataset.
 */
export async function filterDisagreements(disagreements: readonly Disagreement[], label: string): Promise<void> {
  const { dataset, showNotice } = useAppStore.getState();
  if (!dataset) return;
  const found = await disagreementIds(disagreements);
  if (useAppStore.getState().dataset !== dataset) return;
  const ids = found.filter((id): id is number => id !== undefined);
  const missing = disagreements.filter((_, i) => found[i] === undefined).map((d) => (d.entries[0] ? locatorText(d.entries[0]) : d.fingerprint.slice(0, 12)));
  setSearchState({ filter: { ...searchStore.getState().filter, records: { ids, label } } });
  showNotice({
    tone: missing.length > 0 ? 'info' : 'success',
    title: `The list shows the ${ids.length} record(s) of ${label}.${missing.length > 0 ? ` ${missing.length} are not in ${dataset.name}.` : ''}`,
    ...(missing.length > 0 ? { details: missing.map((where) => `${where}: no record of ${dataset.name} has its fingerprint or its line`) } : {}),
  });
}
