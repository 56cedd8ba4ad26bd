/**
 * The dataset slice's work saved and put back: what a reload followed by opening the same file
 * does (the slice emptied, the same file opened, the saved work put into it), checked on what
 * the file would be written as and on the rows the list shows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { concatParts, indexJsonl, writeDataset, type Conversation } from '../../../core/index.ts';
import '../engine.ts';
import { rowsFromIndex } from '../rows.ts';
import { datasetEdits, shownStatus, useAppStore, type DatasetFile } from '../../store/index.ts';
import { putWorkIntoStore, storeWorkSource } from './store-work.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const line = (i: number, text = `question ${i}`) => `{"id":"r${i}","messages":[{"role":"user","content":"${text}"},{"role":"assistant","content":"answer ${i}"}]}`;
const BYTES = encoder.encode(`${[line(0), line(1), line(2), '', line(4)].join('\n')}\n`);
const FINGERPRINT = { size: BYTES.length, hash: 'abcdabcdabcdabcd' };

function open(): void {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: FINGERPRINT, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
}

function written(): string {
  const state = useAppStore.getState();
  if (!state.dataset) throw new Error('no dataset');
  return decoder.decode(concatParts(writeDataset(state.dataset.index, datasetEdits(state)), BYTES));
}

function typeInFirstMessage(text: string): void {
  useAppStore.getState().edit((draft) => {
    const content = (draft as Conversation).messages[0]?.content;
    if (content?.type === 'text') content.text = text;
  });
}

describe('the dataset work in the store', () => {
  beforeEach(() => {
    useAppStore.getState().closeDataset();
    open();
  });

  it('includes the record being edited before it is committed, and only then', async () => {
    const source = storeWorkSource(FINGERPRINT);
    await useAppStore.getState().goto(1);
    expect(source.get().edited.size).toBe(0);
    typeInFirstMessage('typed, not committed');
    const work = source.get();
    expect(work.current).toBe(1);
    expect(work.edited.get(1)).toContain('typed, not committed');
    // Saving did not commit it: the slice's own changes are untouched.
    expect(useAppStore.getState().datasetChanges.edited.size).toBe(0);
  });

  it('after the dataset closes, still gives the work as it was when it closed (for the last write)', async () => {
    const source = storeWorkSource(FINGERPRINT);
    await useAppStore.getState().goto(2);
    typeInFirstMessage('typed just before closing');
    useAppStore.getState().setStatus(4, 'done');
    useAppStore.getState().closeDataset();
    const work = source.get();
    expect(work.edited.get(2)).toContain('typed just before closing');
    expect(work.statuses.get(4)).toBe('done');
  });

  it('tells its listener about edits, statuses and moves, not about other changes', async () => {
    const source = storeWorkSource(FINGERPRINT);
    let calls = 0;
    const stop = source.subscribe(() => calls++);
    await useAppStore.getState().goto(0);
    const afterGoto = calls;
    expect(afterGoto).toBeGreaterThan(0);
    useAppStore.getState().setTheme('dark');
    expect(calls).toBe(afterGoto);
    useAppStore.getState().setStatus(2, 'flagged');
    expect(calls).toBe(afterGoto + 1);
    // A batch of the worker's check replaces the rows without changing a status: not a change of the work.
    useAppStore.getState().addRowContents(0, [{ codes: [] }]);
    expect(calls).toBe(afterGoto + 1);
    stop();
  });

  it('put back after re-opening, the file is written as before and the rows show the same statuses', async () => {
    const state = useAppStore.getState();
    await state.goto(1);
    typeInFirstMessage('fixed');
    await state.goto(2);
    state.setStatus(2, 'done');
    state.setStatus(4, 'flagged');
    state.deleteRecord(0);
    const copy = useAppStore.getState().duplicateRecord(4);
    await useAppStore.getState().goto(copy);
    typeInFirstMessage('copy edited');
    await useAppStore.getState().goto(2);
    const work = storeWorkSource(FINGERPRINT).get();
    const before = { text: written(), statuses: useAppStore.getState().datasetRows.map((row) => row.status), order: useAppStore.getState().datasetOrder };
    expect(before.text).toBe(`${[line(1, 'fixed'), line(2), '', line(4), line(4, 'copy edited')].join('\n')}\n`);

    // Reload: the slice is empty again, the same file opens.
    useAppStore.getState().closeDataset();
    open();
    await useAppStore.getState().goto(0);
    expect(written()).toBe(decoder.decode(BYTES));
    const mergedHere = await putWorkIntoStore(work);
    expect(mergedHere).toBe(false);
    const after = useAppStore.getState();
    expect(written()).toBe(before.text);
    expect(after.datasetRows.map((row) => row.status)).toEqual(before.statuses);
    expect(after.datasetOrder).toEqual(before.order);
    expect(after.currentRecord).toBe(2);
    // The added record's row shows its edited text's summary, as before.
    expect(after.datasetRows[copy]?.blank).toBe(false);
  });

  it('a restored edit is not overwritten by the worker checking the original bytes afterwards', async () => {
    await useAppStore.getState().goto(0);
    const edited = line(1, 'restored');
    await putWorkIntoStore({ edited: new Map([[1, edited]]), deleted: new Set(), inserted: new Map(), copies: new Map(), statuses: new Map(), current: 0 });
    expect(useAppStore.getState().datasetRows[1]?.summary?.preview).toContain('restored');
    // The worker's batch for rows 0-2, summarised from the file as it is on disk.
    const stale = { summary: { ...useAppStore.getState().datasetRows[0]?.summary, preview: 'question 1' } } as never;
    useAppStore.getState().addRowContents(0, [stale, stale, stale]);
    expect(useAppStore.getState().datasetRows[1]?.summary?.preview).toContain('restored');
    expect(useAppStore.getState().datasetRows[0]?.summary?.preview).toBe('question 1');
  });

  it('migrates statuses saved before review files (keyed by entry index): verdicts kept, edited still shown', async () => {
    await useAppStore.getState().goto(0);
    // As saved by earlier versions: record 1 edited and not saved yet, record 2 edited by an earlier Save, 4 done.
    const statuses = new Map([[1, 'edited'], [2, 'edited'], [4, 'done']]);
    await putWorkIntoStore({ edited: new Map([[1, line(1, 'changed')]]), deleted: new Set(), inserted: new Map(), copies: new Map(), statuses, current: 0 });
    const state = useAppStore.getState();
    expect(state.datasetRows.map((row) => row.status)).toEqual(['unreviewed', 'unreviewed', 'unreviewed', 'unreviewed', 'done']);
    expect([0, 1, 2, 4].map((id) => shownStatus(state, id))).toEqual(['unreviewed', 'edited', 'edited', 'done']);
    expect(state.datasetRows[1]?.savedEdit).toBeUndefined();
    expect(state.datasetRows[2]?.savedEdit).toBe(true);
    // Saved again in the new form: the bare words, the same as before for these marks.
    expect(storeWorkSource(FINGERPRINT).get().statuses).toEqual(new Map([[2, 'edited'], [4, 'done']]));
  });
});
