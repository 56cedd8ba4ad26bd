/**
 * The banner of recovery copies, the same for a conversation (PersistenceBanners) and for dataset
 * work (DatasetSaveStatus): the newest copy's reason and time, how many are kept, and what can be
 * done with them (open, where a copy can be shown; download; discard).
 */
import { toolbarButton, warningBanner } from '../layout/ui.ts';

export interface RecoveryCopyBannerProps {
  label: string;
  /** Oldest first: the last is the one described. */
  copies: readonly { reason: string; keptAt: number }[];
  /** What the count says is kept ("recovery copies", "recovery copies of work on this file"). */
  whatIsKept: string;
  onOpen?: () => void;
  onDownload: () => void;
  onDiscard: () => void;
}

export function RecoveryCopyBanner({ label, copies, whatIsKept, onOpen, onDownload, onDiscard }: RecoveryCopyBannerProps) {
  const latest = copies[copies.length - 1];
  if (!latest) return null;
  const plural = copies.length > 1 ? 'copies' : 'copy';
  return (
    <section aria-label={label} className={warningBanner}>
      <p className="min-w-0 flex-1">
        Recovery copy: {latest.reason} Kept {new Date(latest.keptAt).toLocaleString()}
        {copies.length > 1 ? `; ${copies.length} ${whatIsKept} are kept in this browser.` : ', in this browser.'}
      </p>
      {onOpen && (
        <button type="button" className={toolbarButton} onClick={onOpen}>
          Open recovery copy
        </button>
      )}
      <button type="button" className={toolbarButton} onClick={onDownload}>
        Download recovery {plural}
      </button>
      <button type="button" className={toolbarButton} onClick={onDiscard}>
        Discard recovery {plural}
      </button>
    </section>
  );
}
