/** "Saved" / "Unsaved changes" / "Save failed: …" / "Not saved: …" in the toolbar. */
import { useAppStore } from '../store/index.ts';

export function SaveStatus() {
  const status = useAppStore((state) => state.saveStatus);
  const text =
    status.state === 'saved'
      ? 'Saved'
      : status.state === 'unsaved'
        ? 'Unsaved changes'
        : status.state === 'restoring'
          ? 'Restoring…'
          : status.state === 'failed'
            ? `Save failed: ${status.message}`
            : status.message;
  const tone =
    status.state === 'failed' || status.state === 'unavailable'
      ? 'text-red-700 dark:text-red-300'
      : status.state === 'unsaved'
        ? 'text-amber-800 dark:text-amber-200'
        : 'text-slate-600 dark:text-slate-300';
  const where = status.state === 'saved' ? 'Kept in this browser (IndexedDB); nothing is uploaded.' : undefined;
  return (
    // A status region that is not announced on every change (it flips at each pause in typing).
    <p role="status" aria-live="off" aria-label="Save status" className={`max-w-xs truncate text-sm ${tone}`} title={where ?? text}>
      {text}
    </p>
  );
}
