/** A record's lengths in its row of the record list ("2,270 chars · 436 tokens"), once measured. */
import { useAppStore } from '../../store/index.ts';
import { useLengths } from './lengths-store.ts';
import { lengthsOfRecord } from './lengths-view.ts';

export function recordLengthsLabel(lengths: { chars: number; tokens?: number } | undefined): string {
  if (!lengths) return '';
  return `${lengths.chars.toLocaleString('en')} chars${lengths.tokens === undefined ? '' : ` · ${lengths.tokens.toLocaleString('en')} tokens`}`;
}

export function useRecordLengthsLabel(id: number): string {
  const changes = useAppStore((s) => s.datasetChanges);
  const count = useAppStore((s) => s.dataset?.count ?? 0);
  return useLengths((s) => recordLengthsLabel(lengthsOfRecord(s, changes, count, id)));
}
