/**
 * Asked before a share link replaces the person's own conversation. Closing the dialog in any
 * other way (Escape, the backdrop, ✕) keeps theirs: nothing is replaced without a yes.
 */
import { Dialog } from '../layout/Dialog.tsx';
import { primaryButton, toolbarButton } from '../layout/ui.ts';
import type { SharePayload } from './codec.ts';
import { keepOwnWork, openShared } from './link.ts';

export default function ShareConfirmDialog({ payload }: { payload: SharePayload }) {
  const messages = payload.record.kind === 'chat' ? payload.record.messages.length : undefined;
  return (
    <Dialog open onClose={keepOwnWork} title="Open the shared conversation?" description="Your current conversation will be replaced; you can Undo." width="max-w-md">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        The link holds {messages === undefined ? 'a document' : `a conversation of ${messages === 1 ? '1 message' : `${messages} messages`}`} shown in the {payload.formatId} format.
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={toolbarButton} onClick={keepOwnWork}>
          Keep mine
        </button>
        <button type="button" className={primaryButton} onClick={() => openShared(payload)}>
          Open
        </button>
      </div>
    </Dialog>
  );
}
