/**
 * Persistent messages about stored data, under the toolbar, until resolved (loaded only when
 * there is one): another tab saved the same conversation (keep this tab's version or take the
 * other), recovery copies left by such a choice (open, download or discard them), saved data
 * that could not be restored (export or discard it), and an emergency copy that cannot be
 * written (the last moment before closing may be lost).
 */
import { toolbarButton, warningBanner as warning } from '../layout/ui.ts';
import { RecoveryCopyBanner } from './RecoveryCopyBanner.tsx';
import { discardCopies, downloadCopies, openLatestCopy, resolveConflict } from './recovery-copy-actions.ts';
import { useRecoveryState } from './recovery-state.ts';
import { discardUnreadable, exportUnreadable } from './unreadable-actions.ts';

export default function PersistenceBanners() {
  const unreadable = useRecoveryState((state) => state.unreadable);
  const copyProblem = useRecoveryState((state) => state.copyProblem);
  const latest = unreadable[unreadable.length - 1];
  const conflict = useRecoveryState((state) => state.conflict);
  const copies = useRecoveryState((state) => state.copies);
  return (
    <>
      {conflict && (
        <section aria-label="Another tab saved this conversation" className={warning}>
          <p className="min-w-0 flex-1">
            Another tab saved this conversation{conflict.otherSavedAt > 0 ? ` at ${new Date(conflict.otherSavedAt).toLocaleTimeString()}` : ''} after this tab opened it. This tab has stopped
            saving so that neither version is lost: choose which one to keep. The other stays available as a recovery copy.
            {conflict.otherUnreadable !== undefined && ` The other tab’s version cannot be shown here: ${conflict.otherUnreadable}.`}
          </p>
          <button type="button" className={toolbarButton} onClick={() => void resolveConflict('mine')}>
            Keep this tab’s version
          </button>
          {conflict.otherUnreadable === undefined && (
            <button type="button" className={toolbarButton} onClick={() => void resolveConflict('other')}>
              Take the other tab’s version
            </button>
          )}
        </section>
      )}
      {!conflict && <RecoveryCopyBanner label="Recovery copy" copies={copies} whatIsKept="recovery copies" onOpen={() => void openLatestCopy()} onDownload={downloadCopies} onDiscard={() => void discardCopies()} />}
      {latest && (
        <section aria-label="Saved data that could not be restored" className={warning}>
          <p className="min-w-0 flex-1">
            {latest.reason} {unreadable.length > 1 ? `${unreadable.length} saved versions are` : 'It is'} kept aside in this browser, unchanged: export {unreadable.length > 1 ? 'them' : 'it'} to
            keep a copy, or discard {unreadable.length > 1 ? 'them' : 'it'}.
          </p>
          <button type="button" className={toolbarButton} onClick={exportUnreadable}>
            Export saved data
          </button>
          <button type="button" className={toolbarButton} onClick={() => void discardUnreadable()}>
            Discard saved data
          </button>
        </section>
      )}
      {copyProblem && (
        <p role="status" className={warning}>
          Changes made in the last moment before closing may not be saved: {copyProblem}. Wait until the toolbar says Saved before closing the tab.
        </p>
      )}
    </>
  );
}
