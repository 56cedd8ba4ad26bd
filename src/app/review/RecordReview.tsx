/**
 * The review of the record open in the editors: who is reviewing (changeable), the labels the
 * guidelines declare, and the comments on the record and on its messages, each resolvable.
 * Verdicts are the Done / Flag / Reject buttons beside it (DatasetPanel): it is folded to one name
 * at the end of that row, and unfolded when the record opened has open comments.
 */
import { useEffect, useState } from 'react';
import { mutedText, toolbarButton, toolbarInput, toolbarSelect } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { guidelinesStore } from './guidelines-store.ts';
import { addComment, setCommentResolved, toggleLabel } from './review-actions.ts';
import { openCommentCount } from './review-mark.ts';
import { askReviewerName, reviewerStore } from './reviewer.ts';

/** The number of messages of the record shown (0 for a record that is not a conversation). */
function messageCount(record: unknown): number {
  const messages = (record as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.length : 0;
}

/** One empty list: a selector must answer the same value when nothing changed (else React renders again forever). */
const NO_LABELS: readonly string[] = [];

/** `className`: how the Review row lays it out, folded and open (DatasetPanel.tsx). */
export function RecordReview({ className }: { className: string }) {
  const id = useAppStore((s) => s.currentRecord);
  const review = useAppStore((s) => (s.currentRecord === null ? undefined : s.datasetRows[s.currentRecord]?.review));
  const messages = useAppStore((s) => messageCount(s.record));
  const reviewer = reviewerStore((s) => s.name);
  const labels = guidelinesStore((s) => s.guidelines?.labels ?? NO_LABELS);
  const [text, setText] = useState('');
  const [on, setOn] = useState('');
  const open = openCommentCount(review);
  // Unfolded when a record with open comments is opened; then as the person leaves it (resolving the last one does not fold it away).
  const [expanded, setExpanded] = useState(open > 0);
  useEffect(() => {
    if (open > 0) setExpanded(true);
    // Only when another record is opened: `open` changing on this record must not fold or unfold it.
  }, [id]);
  if (id === null) return null;
  const comments = review?.comments ?? [];

  return (
    <details className={className} open={expanded} onToggle={(event) => setExpanded(event.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-medium">
        Comments and labels{open > 0 ? ` (${open} open)` : ''}
      </summary>
      <div className="flex flex-col gap-2 pt-1.5">
        <p className={`text-xs ${mutedText}`}>
          {reviewer ? `Reviewing as ${reviewer}. ` : 'Your name is asked at your first review action. '}
          <button type="button" className="underline" onClick={askReviewerName}>
            {reviewer ? 'Change name' : 'Set name'}
          </button>
        </p>
        {labels.length > 0 && (
          <fieldset aria-label="Labels" className="flex flex-wrap gap-x-3 gap-y-1">
            {labels.map((label) => (
              <label key={label} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={review?.labels.includes(label) ?? false} onChange={() => void toggleLabel(id, label)} />
                {label}
              </label>
            ))}
          </fieldset>
        )}
        {comments.length > 0 && (
          <ul aria-label="Comments" className="flex flex-col gap-1">
            {comments.map((comment, index) => (
              <li key={`${comment.time}-${index}`} className={`rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-700 ${comment.resolved ? 'opacity-60' : ''}`}>
                <p className={`text-xs ${mutedText}`}>
                  {comment.author} · {comment.message === undefined ? 'record' : `message ${comment.message + 1}`} · {comment.resolved ? 'resolved' : 'open'}
                </p>
                <p className="whitespace-pre-wrap">{comment.text}</p>
                <button type="button" className="text-xs underline" onClick={() => void setCommentResolved(id, index, !comment.resolved)}>
                  {comment.resolved ? 'Reopen' : 'Resolve'}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="flex flex-wrap items-end gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            void addComment(id, text, on === '' ? undefined : Number(on)).then((added) => {
              if (added) setText('');
            });
          }}
        >
          <textarea aria-label="New comment" rows={2} className={`${toolbarInput} min-w-40 flex-1`} value={text} onChange={(event) => setText(event.target.value)} />
          <select aria-label="Comment on" className={toolbarSelect} value={on} onChange={(event) => setOn(event.target.value)}>
            <option value="">the record</option>
            {Array.from({ length: messages }, (_, i) => (
              <option key={i} value={i}>
                message {i + 1}
              </option>
            ))}
          </select>
          <button type="submit" className={toolbarButton} disabled={text.trim() === ''}>
            Add comment
          </button>
        </form>
      </div>
    </details>
  );
}
