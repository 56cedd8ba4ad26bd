/**
 * One line above an editable view saying what happens to typing: it is read back into the
 * conversation, it will be rewritten in the format's own way on leaving the view, or it does
 * not parse (the conversation is unchanged; revert offered). Notes that name no place in the
 * text (an option the text implies, such as a date) are listed here as well.
 */
import type { EditStatus } from '../views/edit-session.ts';
import type { Problem } from '../views/problems.ts';
import { revertView, useViewStatus, type ViewId } from './view-status.ts';

const HINT: Record<ViewId, string> = {
  text: 'Editable: text you type here is read back into the conversation (Ctrl/⌘+click or Alt+Enter shows the form field).',
  json: 'Editable: JSON you type here is read back into the conversation.',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function sentence(view: ViewId, status: EditStatus): string {
  switch (status.state) {
    case 'synced':
      return HINT[view];
    case 'editing':
      return 'Editing…';
    case 'applied':
      return status.normalised
        ? 'Read back into the conversation. Parley writes it slightly differently; its own text is shown when you leave the editor.'
        : 'Read back into the conversation.';
    case 'invalid': {
      const errors = status.problems.filter((p) => p.diagnostic.severity === 'error').length;
      return `Does not read back (${plural(errors, 'error')}, marked in the text): the conversation is unchanged until it does.`;
    }
  }
}

/** Notes and problems that have no place in the text to be marked at. */
function unplaced(status: EditStatus): Problem[] {
  return status.state === 'applied' || status.state === 'invalid' ? status.problems.filter((p) => !p.range) : [];
}

export function ViewStatus({ view }: { view: ViewId }) {
  const status = useViewStatus(view);
  const notes = unplaced(status);
  const tone = status.state === 'invalid' ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' : 'bg-white text-slate-700 dark:bg-slate-950 dark:text-slate-300';
  return (
    <div className={`flex shrink-0 items-start gap-2 border-b border-slate-200 px-3 py-1 text-xs dark:border-slate-800 ${tone}`}>
      <div role="status" aria-label={view === 'text' ? 'Text view status' : 'JSON view status'} className="min-w-0 flex-1">
        <p>{sentence(view, status)}</p>
        {notes.length > 0 && (
          <ul className="mt-0.5 list-disc pl-4">
            {notes.map((note, i) => (
              <li key={i}>
                {note.diagnostic.severity === 'info' ? 'Note' : note.diagnostic.severity === 'warning' ? 'Warning' : 'Error'}: {note.diagnostic.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      {status.state === 'invalid' && (
        <button type="button" onClick={() => revertView(view)} className="shrink-0 rounded border border-red-300 bg-white px-2 py-0.5 font-medium text-red-900 hover:bg-red-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:border-red-800 dark:bg-red-900 dark:text-red-50">
          Revert to the conversation
        </button>
      )}
    </div>
  );
}
