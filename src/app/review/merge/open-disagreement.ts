/** A disagreement of the agreement report opened in the open dataset: its record found by fingerprint (then line). */
import { matchReviewEntries, type Disagreement } from '../../../core/index.ts';
import { openRecord } from '../../dataset/navigation.ts';
import { useAppStore } from '../../store/index.ts';
import { allRecordKeys } from '../review-file-io.ts';

export async function openDisagreement(disagreement: Disagreement): Promise<void> {
  const { dataset, showNotice } = useAppStore.getState();
  const first = disagreement.entries[0];
  if (!dataset || !first) return;
  const keys = await allRecordKeys(dataset);
  const ids = [...keys.keys()];
  const match = matchReviewEntries([first], ids.map((id) => keys.get(id)!)).matches[0];
  if (match === undefined) showNotice({ tone: 'error', title: `The record of this disagreement is not in ${dataset.name}.` });
  else openRecord(ids[match.record] as number);
}
