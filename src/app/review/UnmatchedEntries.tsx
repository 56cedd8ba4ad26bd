/**
 * The entries of the last review file read that matched no record, folded in the dataset's review
 * tools row (nothing drawn when there are none), until another review file is read.
 */
import { mutedText } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { unmatchedText } from './review-file-commands.ts';
import { reviewFileStore } from './review-file-store.ts';

/** One empty list: a selector must answer the same value when nothing changed (else React renders again forever). */
const NONE: readonly never[] = [];

export function UnmatchedEntries({ className }: { className: string }) {
  const hash = useAppStore((state) => state.dataset?.fingerprint.hash);
  const unmatched = reviewFileStore((state) => (state.dataset === hash ? state.unmatched : NONE));
  const name = reviewFileStore((state) => (state.dataset === hash ? state.name : null));
  if (unmatched.length === 0) return null;
  return (
    <details className={className}>
      <summary className="cursor-pointer text-sm font-medium text-amber-800 dark:text-amber-300">
        {unmatched.length} entr{unmatched.length === 1 ? 'y' : 'ies'} of {name} match no record
      </summary>
      <ul aria-label="Unmatched review entries" className={`pl-3 text-xs ${mutedText}`}>
        {unmatched.map((entry, i) => (
          <li key={i}>{unmatchedText(entry)}</li>
        ))}
      </ul>
    </details>
  );
}
