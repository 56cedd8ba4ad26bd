/**
 * What happened after open, export, share: success and info are announced politely and fade
 * after a few seconds; errors are announced at once and stay until dismissed or replaced, and so
 * does a notice that asks something (after opening JSON, it offers to read it as another dialect).
 * Every notice is also kept in the toolbar's Notices list (notices/), to read again once faded.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useAppStore, type Notice } from '../store/index.ts';
import { rememberNotice } from './notices/notice-history.ts';
import { prepareFormat } from '../store/prepare-format.ts';

// Only notices after opening a file have it: its chunk is prefetched with the open pipeline (files/lazy.ts).
const ReadAsPicker = lazy(() => import('../files/ReadAsPicker.tsx'));

/** How long a success or info notice stays (errors and questions stay): long enough to read a line (issue 24: 5 s). */
export const NOTICE_MS = 5000;
/** Details shown before "and N more" (a file can have thousands of decode errors). */
const MAX_DETAILS = 20;

const tones = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50',
  info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50',
  error: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
};

export function NoticeBar() {
  const notice = useAppStore((state) => state.notice);
  useEffect(() => {
    if (notice) rememberNotice(notice);
    // Errors stay, and so does a notice with a control in it (it must not vanish while in use).
    if (!notice || notice.tone === 'error' || notice.readAs || notice.offer) return;
    const id = setTimeout(() => {
      if (useAppStore.getState().notice?.id === notice.id) useAppStore.getState().dismissNotice();
    }, NOTICE_MS);
    return () => clearTimeout(id);
  }, [notice]);

  // Two live regions that always exist (a region added together with its text is not announced).
  return (
    <>
      <div role="status" aria-label="Notice">
        {notice && notice.tone !== 'error' && <NoticeBody notice={notice} />}
      </div>
      <div role="alert" aria-label="Problem">
        {notice?.tone === 'error' && <NoticeBody notice={notice} />}
      </div>
    </>
  );
}

function NoticeBody({ notice }: { notice: Notice }) {
  return (
    <div className={`flex items-start justify-between gap-3 border-b px-4 py-2 text-sm ${tones[notice.tone]}`}>
      <div className="min-w-0">
        <p dir="auto">{notice.title}</p>
        {notice.details && notice.details.length > 0 && (
          <ul className="mt-1 list-disc pl-5 font-mono text-xs">
            {notice.details.slice(0, MAX_DETAILS).map((detail, i) => (
              <li key={i}>{detail}</li>
            ))}
            {notice.details.length > MAX_DETAILS && <li>… and {notice.details.length - MAX_DETAILS} more</li>}
          </ul>
        )}
        {notice.offer && <FormatOffer offer={notice.offer} />}
        {notice.readAs && (
          // The fallback keeps the picker's height: the notice must not grow under a pointer.
          <Suspense fallback={<div className="mt-1.5 h-7" />}>
            <ReadAsPicker readAs={notice.readAs} />
          </Suspense>
        )}
      </div>
      <button type="button" onClick={() => useAppStore.getState().dismissNotice()} className="shrink-0 rounded px-2 py-0.5 text-xs font-medium underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500">
        Dismiss
      </button>
    </div>
  );
}

/** The format that matches the model the data names, offered (issue 24): the person decides; once shown, the offer goes. */
function FormatOffer({ offer }: { offer: NonNullable<Notice['offer']> }) {
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-2">
      <span>{offer.question}</span>
      <button
        type="button"
        className="rounded border border-current px-2 py-0.5 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        onClick={() => {
          const state = useAppStore.getState();
          state.setFormat(offer.formatId);
          void prepareFormat(offer.formatId);
          const { notice } = state;
          if (notice) useAppStore.setState({ notice: { ...notice, offer: undefined } });
        }}
      >
        {offer.action}
      </button>
    </p>
  );
}
