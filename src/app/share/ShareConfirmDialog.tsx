/**
 * Asked before a share link replaces the person's own conversation, or runs a Jinja template they
 * do not have (shown here in full, to read before it runs). Closing the dialog in any other way
 * (Escape, the backdrop, ✕) keeps what is there: nothing is replaced or run without a yes.
 */
import { Dialog } from '../layout/Dialog.tsx';
import { primaryButton, toolbarButton } from '../layout/ui.ts';
import { keepOwnWork, openPending } from './link.ts';
import type { PendingShare } from './pending.ts';

export default function ShareConfirmDialog({ pending }: { pending: PendingShare }) {
  const { payload, replacesOwnWork, template } = pending;
  const messages = payload.record.kind === 'chat' ? payload.record.messages.length : undefined;
  return (
    <Dialog
      open
      onClose={keepOwnWork}
      title="Open the shared conversation?"
      description={replacesOwnWork ? 'Your current conversation will be replaced; you can Undo.' : undefined}
      width={template === undefined ? 'max-w-md' : 'max-w-2xl'}
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">
        The link holds {messages === undefined ? 'a document' : `a conversation of ${messages === 1 ? '1 message' : `${messages} messages`}`} shown in the {payload.formatId} format.
      </p>
      {template !== undefined && (
        <div className="mt-3 flex flex-col gap-1">
          <p className="text-sm text-slate-700 dark:text-slate-200">
            This link carries a Jinja template, which Parley runs to show the preview. A template can be slow or never end: open it only if you trust where the link came from.
          </p>
          <textarea
            readOnly
            aria-label="The Jinja template in the link"
            value={template}
            rows={10}
            wrap="off"
            spellCheck={false}
            className="w-full resize-y overflow-auto rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </div>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={toolbarButton} onClick={keepOwnWork}>
          {replacesOwnWork ? 'Keep mine' : "Don't open"}
        </button>
        <button type="button" className={primaryButton} onClick={() => openPending(pending)}>
          Open
        </button>
      </div>
    </Dialog>
  );
}
