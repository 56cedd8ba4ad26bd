/**
 * The notices shown in this session, newest first, so that one that faded (NoticeBar.tsx) can be
 * read again from the toolbar's Notices button. Kept apart from the app store: not saved, not undone.
 */
import { createStore, useStore } from 'zustand';
import type { Notice } from '../../store/index.ts';

/** Notices kept (the oldest go first): enough for a working session, bounded for memory. */
export const NOTICE_HISTORY_LIMIT = 50;

export interface PastNotice {
  notice: Notice;
  /** When it was shown (ms since the epoch). */
  at: number;
}

interface HistoryState {
  past: readonly PastNotice[];
  /** Shown since the list was last looked at. */
  unread: number;
}

export const noticeHistory = createStore<HistoryState>(() => ({ past: [], unread: 0 }));

/** Keep `notice` (once per id: a re-render shows the same notice again). */
export function rememberNotice(notice: Notice, at = Date.now()): void {
  const { past, unread } = noticeHistory.getState();
  if (past[0]?.notice.id === notice.id) return;
  noticeHistory.setState({ past: [{ notice, at }, ...past].slice(0, NOTICE_HISTORY_LIMIT), unread: Math.min(unread + 1, NOTICE_HISTORY_LIMIT) });
}

export function markNoticesRead(): void {
  noticeHistory.setState({ unread: 0 });
}

export function clearNotices(): void {
  noticeHistory.setState({ past: [], unread: 0 });
}

export function useNoticeHistory<T>(select: (state: HistoryState) => T): T {
  return useStore(noticeHistory, select);
}
