import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl } from '../../core/index.ts';
import '../dataset/engine.ts';
import { rowsFromIndex } from '../dataset/rows.ts';
import { useAppStore, type DatasetFile } from '../store/index.ts';
import { guidelinesStore } from './guidelines-store.ts';
import { addComment, giveVerdict, setCommentResolved, toggleLabel } from './review-actions.ts';
import { cancelReviewerQuestion, reviewerStore, setReviewerName } from './reviewer.ts';

const BYTES = new TextEncoder().encode('{"messages":[{"role":"user","content":"a"}]}\n{"messages":[{"role":"user","content":"b"}]}\n');

function open(): void {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: 'x' }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
}

describe('review actions', () => {
  beforeEach(() => {
    useAppStore.getState().closeDataset();
    open();
    reviewerStore.setState({ name: undefined, asking: false, pending: [] });
    guidelinesStore.setState({ guidelines: null });
  });

  it('asks who is reviewing at the first action, then writes the name into the verdict', async () => {
    const done = giveVerdict(1, 'rejected');
    expect(reviewerStore.getState().asking).toBe(true);
    expect(useAppStore.getState().datasetRows[1]?.status).toBe('unreviewed');
    setReviewerName('  Ana  ');
    expect(await done).toBe(true);
    const row = useAppStore.getState().datasetRows[1];
    expect(row?.status).toBe('rejected');
    expect(row?.review?.reviewer).toBe('Ana');
    expect(row?.review?.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Asked once: the next action goes through without a question.
    await giveVerdict(0, 'done');
    expect(reviewerStore.getState().asking).toBe(false);
  });

  it('does nothing when the name question is cancelled', async () => {
    const done = giveVerdict(0, 'flagged');
    cancelReviewerQuestion();
    expect(await done).toBe(false);
    expect(useAppStore.getState().datasetRows[0]?.status).toBe('unreviewed');
  });

  it('comments on the record and on a message carry their author; resolving keeps the comment', async () => {
    setReviewerName('Bo');
    await addComment(0, 'whole record');
    await addComment(0, 'this answer', 1);
    expect(await addComment(0, '   ')).toBe(false);
    await setCommentResolved(0, 0, true);
    const comments = useAppStore.getState().datasetRows[0]?.review?.comments;
    expect(comments?.map((c) => [c.author, c.text, c.resolved, c.message])).toEqual([
      ['Bo', 'whole record', true, undefined],
      ['Bo', 'this answer', false, 1],
    ]);
    // A comment is not a verdict.
    expect(useAppStore.getState().datasetRows[0]?.status).toBe('unreviewed');
  });

  it('labels toggle, and carry the hash of the guidelines open', async () => {
    setReviewerName('Bo');
    guidelinesStore.setState({ guidelines: { name: 'd.guidelines.md', markdown: '', hash: 'f'.repeat(64), labels: ['toxic'], problems: [] } });
    await toggleLabel(1, 'toxic');
    expect(useAppStore.getState().datasetRows[1]?.review).toMatchObject({ labels: ['toxic'], reviewer: 'Bo', guidelines: 'f'.repeat(64) });
    await toggleLabel(1, 'toxic');
    expect(useAppStore.getState().datasetRows[1]?.review?.labels).toEqual([]);
  });
});
