/**
 * The toolbar's Notices button: how many notices came since the list was last opened, and the
 * list of this session's notices (newest first), so that one that faded can be read again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { mutedText, toolbarButton } from '../../layout/ui.ts';
import { clearNotices, markNoticesRead, useNoticeHistory } from './notice-history.ts';

const toneLabel = { success: 'Done', info: 'Info', error: 'Problem' } as const;
const toneStyle = {
  success: 'text-emerald-800 dark:text-emerald-300',
  info: 'text-sky-800 dark:text-sky-300',
  error: 'text-red-800 dark:text-red-300',
} as const;

export function NoticesButton() {
  const past = useNoticeHistory((state) => state.past);
  const unread = useNoticeHistory((state) => state.unread);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    markNoticesRead();
    const closeOutside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open, past]);

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        className={toolbarButton}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={unread > 0 ? `Notices (${unread} new)` : 'Notices'}
        title="The notices of this session, also those that faded"
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M10 2a5 5 0 0 0-5 5v2.6L3.3 13a.75.75 0 0 0 .7 1.1h12a.75.75 0 0 0 .7-1.1L15 9.6V7a5 5 0 0 0-5-5Zm-2 13.5a2 2 0 0 0 4 0H8Z" />
        </svg>
        {unread > 0 && <span className="rounded-full bg-sky-700 px-1.5 text-xs text-white dark:bg-sky-500 dark:text-slate-950">{unread}</span>}
      </button>
      {open && (
        <div id={listId} role="region" aria-label="Notices of this session" className="absolute right-0 top-full z-40 mt-1 flex max-h-96 w-96 flex-col gap-1 overflow-auto rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {past.length === 0 ? (
            <p className={mutedText}>No notices yet.</p>
          ) : (
            <>
              <ol className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
                {past.map(({ notice, at }) => (
                  <li key={notice.id} className="py-1">
                    <span className={`text-xs font-semibold ${toneStyle[notice.tone]}`}>{toneLabel[notice.tone]}</span> <span className={`text-xs ${mutedText}`}>{new Date(at).toLocaleTimeString()}</span>
                    <p dir="auto">{notice.title}</p>
                  </li>
                ))}
              </ol>
              <button type="button" className={`${toolbarButton} self-end`} onClick={clearNotices}>
                Clear
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
