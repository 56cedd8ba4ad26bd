import { describe, expect, it } from 'vitest';
import { decodeMark, encodeMark, restoredMark, type RowMark } from './row-mark.ts';

describe('row marks kept in the browser', () => {
  it('reads the statuses saved before review files (edited, flagged, done) so no one loses a mark', () => {
    expect(decodeMark('done')).toEqual({ status: 'done' });
    expect(decodeMark('flagged')).toEqual({ status: 'flagged' });
    expect(decodeMark('edited')).toEqual({ status: 'unreviewed', savedEdit: true });
  });

  it('an old `edited` mark of a record whose edit is still unsaved is that edit, not a saved one', () => {
    expect(restoredMark('edited', true)).toEqual({ status: 'unreviewed' });
    expect(restoredMark('edited', false)).toEqual({ status: 'unreviewed', savedEdit: true });
    expect(restoredMark('done', true)).toEqual({ status: 'done' });
  });

  it('writes a bare verdict as its word and keeps nothing for no mark', () => {
    expect(encodeMark({ status: 'rejected' })).toBe('rejected');
    expect(encodeMark({ status: 'unreviewed' })).toBeUndefined();
    expect(encodeMark({ status: 'unreviewed', savedEdit: true })).toBe('edited');
  });

  it('round-trips a mark with labels, comments and reviewer', () => {
    const mark: RowMark = {
      status: 'flagged',
      savedEdit: true,
      review: { labels: ['toxic'], comments: [{ author: 'ana', time: '2026-11-27T10:00:00.000Z', text: 'why?', resolved: false, message: 2 }], reviewer: 'ana', time: '2026-11-27T10:00:00.000Z', guidelines: 'ab'.repeat(32) },
    };
    const kept = encodeMark(mark);
    expect(kept?.startsWith('{')).toBe(true);
    expect(decodeMark(kept as string)).toEqual(mark);
  });

  it('drops a damaged entry instead of guessing', () => {
    expect(decodeMark('{"status": "maybe"}')).toBeUndefined();
    expect(decodeMark('{not json')).toBeUndefined();
    expect(decodeMark('unreviewed-ish')).toBeUndefined();
  });
});
