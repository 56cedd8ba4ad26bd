import { beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../store/index.ts';
import { clearNotices, markNoticesRead, noticeHistory, NOTICE_HISTORY_LIMIT, rememberNotice } from './notice-history.ts';

const notice = (id: number): Notice => ({ id, tone: 'info', title: `Notice ${id}` });

describe('notice history', () => {
  beforeEach(clearNotices);

  it('keeps notices newest first, each once, and counts the unread', () => {
    rememberNotice(notice(1), 10);
    rememberNotice(notice(2), 20);
    rememberNotice(notice(2), 30); // The same notice drawn again.
    expect(noticeHistory.getState().past.map((p) => [p.notice.id, p.at])).toEqual([
      [2, 20],
      [1, 10],
    ]);
    expect(noticeHistory.getState().unread).toBe(2);
    markNoticesRead();
    expect(noticeHistory.getState().unread).toBe(0);
  });

  it('drops the oldest beyond the limit', () => {
    for (let id = 1; id <= NOTICE_HISTORY_LIMIT + 3; id++) rememberNotice(notice(id));
    const past = noticeHistory.getState().past;
    expect(past).toHaveLength(NOTICE_HISTORY_LIMIT);
    expect(past[0]?.notice.id).toBe(NOTICE_HISTORY_LIMIT + 3);
    expect(past.at(-1)?.notice.id).toBe(4);
  });
});
