/**
 * The review file's entries for the File menu (kept in this component so that the menu can take
 * them as they are): open a review file or guidelines beside the dataset, save the review file.
 * Entries that matched no record are listed under it until another review file is read.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { mutedText, toolbarButton, toolbarInput } from '../layout/ui.ts';
import { STATUS_FIELD_MAX } from './status-field.ts';
import { useAppStore } from '../store/index.ts';
import { openCompanions } from './open-companions.ts';
import { saveReviewFile, unmatchedText } from './review-file-commands.ts';
import { reviewFileStore } from './review-file-store.ts';

/** One empty list: a selector must answer the same value when nothing changed (else React renders again forever). */
const NONE: readonly never[] = [];

const MergeDialog = lazy(() => import('./merge/MergeDialog.tsx').then((module) => ({ default: module.MergeDialog })));

export function ReviewFileMenu() {
  const input = useRef<HTMLInputElement>(null);
  const [merging, setMerging] = useState(false);
  const [field, setField] = useState('review');
  const hash = useAppStore((state) => state.dataset?.fingerprint.hash);
  const unmatched = reviewFileStore((state) => (state.dataset === hash ? state.unmatched : NONE));
  const name = reviewFileStore((state) => (state.dataset === hash ? state.name : null));
  return (
    <div role="group" aria-label="Review file" className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-1">
        <button type="button" className={toolbarButton} onClick={() => input.current?.click()} title="Open a review file (.review.jsonl) or guidelines (.md) beside this dataset">
          Open review file or guidelines…
        </button>
        <button type="button" className={toolbarButton} onClick={() => void saveReviewFile()} title="Write the verdicts, labels and comments of this dataset as its .review.jsonl">
          Save review file
        </button>
        <button type="button" className={toolbarButton} onClick={() => setMerging(true)} title="Merge reviewers' edited copies of a dataset and their review files; see how far they agree">
          Merge reviewers’ work…
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Review file or guidelines to open"
          accept=".jsonl,.md,.markdown"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void openCompanions(files.map((file) => (file.name.toLowerCase().endsWith('.jsonl') && !file.name.toLowerCase().endsWith('.review.jsonl') ? renamed(file) : file)));
          }}
        />
      </div>
      <form
        className="flex flex-wrap items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          void import('./export-statuses.ts').then(({ exportWithStatuses }) => exportWithStatuses(field));
        }}
      >
        <label className="flex items-center gap-1 text-sm">
          Status field
          <input className={`${toolbarInput} w-24`} value={field} maxLength={STATUS_FIELD_MAX} onChange={(event) => setField(event.target.value)} />
        </label>
        <button type="submit" className={toolbarButton} title="Export the whole dataset with each reviewed record's status in this field">
          Export with statuses
        </button>
      </form>
      {merging && (
        <Suspense fallback={null}>
          <MergeDialog open={merging} onClose={() => setMerging(false)} />
        </Suspense>
      )}
      {unmatched.length > 0 && (
        <details>
          <summary className="cursor-pointer text-xs font-medium text-amber-800 dark:text-amber-300">
            {unmatched.length} entr{unmatched.length === 1 ? 'y' : 'ies'} of {name} match no record
          </summary>
          <ul aria-label="Unmatched review entries" className={`pl-3 text-xs ${mutedText}`}>
            {unmatched.map((entry, i) => (
              <li key={i}>{unmatchedText(entry)}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** A review file saved under another name (`a.jsonl` picked here): read as a review file all the same. */
function renamed(file: File): File {
  return new File([file], `${file.name.slice(0, -'.jsonl'.length)}.review.jsonl`, { type: file.type });
}
