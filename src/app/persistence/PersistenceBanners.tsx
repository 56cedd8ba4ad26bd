/**
 * Persistent messages about stored data, under the toolbar, until resolved (loaded only when
 * there is one): saved data that could not be restored (export or discard it), and an
 * emergency copy that cannot be written (the last moment before closing may be lost).
 */
import { toolbarButton } from '../layout/ui.ts';
import { useRecoveryState } from './recovery-state.ts';
import { discardUnreadable, exportUnreadable } from './unreadable-actions.ts';

const warning = 'flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50';

export default function PersistenceBanners() {
  const unreadable = useRecoveryState((state) => state.unreadable);
  const copyProblem = useRecoveryState((state) => state.copyProblem);
  const latest = unreadable[unreadable.length - 1];
  return (
    <>
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
