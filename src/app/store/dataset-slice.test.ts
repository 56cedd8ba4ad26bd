import { beforeEach, describe, expect, it } from 'vitest';
import { concatParts, indexJsonl, writeDataset, type Conversation } from '../../core/index.ts';
import '../dataset/engine.ts';
import { rowsFromIndex } from '../dataset/rows.ts';
import { datasetEdits, redo, shownStatus, undo, useAppStore, type DatasetFile } from './index.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function line(i: number, text = `question ${i}`): string {
  return `{"id":"r${i}","messages":[{"role":"user","content":"${text}"},{"role":"assistant","content":"answer ${i}"}],"meta":{"z":1,"a":2}}`;
}

const LINES = [line(0), line(1), '{"messages": [', '', line(4)];
const INPUT = `${LINES.join('\r\n')}\r\n`;
const BYTES = encoder.encode(INPUT);

function open(): void {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: '0' }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
}

function exported(): string[] {
  const state = useAppStore.getState();
  state.commitCurrent();
  const { dataset } = useAppStore.getState();
  if (!dataset) throw new Error('no dataset');
  return decoder.decode(concatParts(writeDataset(dataset.index, datasetEdits(useAppStore.getState())), BYTES)).split('\r\n');
}

function typeInFirstMessage(text: string): void {
  useAppStore.getState().edit((draft) => {
    const content = (draft as Conversation).messages[0]?.content;
    if (content?.type === 'text') content.text = text;
  });
}

function firstText(): string {
  const content = (useAppStore.getState().record as Conversation).messages[0]?.content;
  return content?.type === 'text' ? content.text : '';
}

describe('dataset slice', () => {
  beforeEach(() => {
    useAppStore.getState().closeDataset();
    open();
  });

  it('lists the records in file order, blank lines left out', () => {
    expect(useAppStore.getState().datasetOrder).toEqual([0, 1, 2, 4]);
  });

  it('summarises a record the background check has not reached when it is opened', async () => {
    expect(useAppStore.getState().datasetRows[4]?.summary).toBeUndefined();
    await useAppStore.getState().goto(4);
    expect(useAppStore.getState().datasetRows[4]?.summary?.preview).toBe('question 4');
    await useAppStore.getState().goto(2);
    expect(useAppStore.getState().datasetRows[2]?.problem?.kind).toBe('json');
  });

  it('commits the edit of a record when moving on: only that line changes, keys and unknown fields kept', async () => {
    await useAppStore.getState().goto(1);
    typeInFirstMessage('edited');
    await useAppStore.getState().goto(4);
    // Edited is a fact of the dataset, shown as the status while there is no verdict.
    expect(useAppStore.getState().datasetRows[1]?.status).toBe('unreviewed');
    expect(shownStatus(useAppStore.getState(), 1)).toBe('edited');
    expect(exported()).toEqual([line(0), line(1, 'edited'), '{"messages": [', '', line(4), '']);
    // Back on it, the editors show the edited text.
    await useAppStore.getState().goto(1);
    expect(firstText()).toBe('edited');
  });

  it('keeps the summary of a record edited before the background check reached it', async () => {
    await useAppStore.getState().goto(1);
    typeInFirstMessage('edited early');
    await useAppStore.getState().goto(0);
    expect(useAppStore.getState().datasetRows[1]?.summary?.preview).toBe('edited early');
    useAppStore.getState().addRowContents(0, [{ summary: { ...summaryOf('original 0') } }, { summary: { ...summaryOf('original 1') } }]);
    expect(useAppStore.getState().datasetRows[0]?.summary?.preview).toBe('original 0');
    expect(useAppStore.getState().datasetRows[1]?.summary?.preview).toBe('edited early');
  });

  it('gives a copy not edited the contents its original gets from the check (a re-check reaches copies too)', () => {
    const copy = useAppStore.getState().duplicateRecord(1);
    useAppStore.getState().addRowContents(0, [{ summary: { ...summaryOf('original 0') } }, { summary: { ...summaryOf('checked 1') } }]);
    expect(useAppStore.getState().datasetRows[copy]?.summary?.preview).toBe('checked 1');
  });

  it('sets the contents of rows by id (the page re-checks edited records), statuses kept', async () => {
    await useAppStore.getState().goto(1);
    typeInFirstMessage('edited');
    await useAppStore.getState().goto(0);
    useAppStore.getState().setRowContents(new Map([[1, { summary: { ...summaryOf('re-checked') }, codes: ['x'] }]]));
    const row = useAppStore.getState().datasetRows[1];
    expect(row?.summary?.preview).toBe('re-checked');
    expect(row?.codes).toEqual(['x']);
    expect(shownStatus(useAppStore.getState(), 1)).toBe('edited');
  });

  it('writes nothing for a record that was visited but not changed', async () => {
    await useAppStore.getState().goto(0);
    await useAppStore.getState().goto(1);
    expect(useAppStore.getState().datasetChanges.edited.size).toBe(0);
    expect(exported().join('\r\n')).toBe(INPUT);
  });

  it('never undoes across records: moving clears the record history', async () => {
    await useAppStore.getState().goto(0);
    typeInFirstMessage('x');
    expect(useAppStore.temporal.getState().pastStates.length).toBe(1);
    await useAppStore.getState().goto(1);
    expect(useAppStore.temporal.getState().pastStates.length).toBe(0);
    undo();
    expect(firstText()).toBe('question 1');
    expect(useAppStore.getState().currentRecord).toBe(1);
    expect(exported()[0]).toBe(line(0, 'x'));
  });

  it('makes a bulk edit one undoable step, the current record reloaded', async () => {
    await useAppStore.getState().goto(0);
    useAppStore.getState().applyBulkEdit(new Map([[0, line(0, 'bulk')], [4, line(4, 'bulk')]]), 'Replace');
    await settle();
    expect(firstText()).toBe('bulk');
    expect(exported()).toEqual([line(0, 'bulk'), line(1), '{"messages": [', '', line(4, 'bulk'), '']);
    undo();
    await settle();
    expect(firstText()).toBe('question 0');
    expect(exported().join('\r\n')).toBe(INPUT);
    expect(useAppStore.getState().datasetRows[4]?.status).toBe('unreviewed');
    redo();
    await settle();
    expect(exported()[4]).toBe(line(4, 'bulk'));
  });

  it('deletes and duplicates records as undoable steps, duplicates copying the original bytes', async () => {
    const state = useAppStore.getState();
    const copy = state.duplicateRecord(0);
    state.deleteRecord(1);
    expect(useAppStore.getState().datasetOrder).toEqual([0, copy, 2, 4]);
    expect(exported()).toEqual([line(0), line(0), '{"messages": [', '', line(4), '']);
    undo();
    expect(exported()).toEqual([line(0), line(0), line(1), '{"messages": [', '', line(4), '']);
    undo();
    expect(exported().join('\r\n')).toBe(INPUT);
  });

  it('restores saved changes and statuses on a file opened again: same export, rows summarised', async () => {
    const state = useAppStore.getState();
    await state.goto(1);
    typeInFirstMessage('saved edit');
    const copy = useAppStore.getState().duplicateRecord(4);
    useAppStore.getState().deleteRecord(0);
    useAppStore.getState().setStatus(4, 'flagged');
    const before = exported();
    const { datasetChanges, datasetRows } = useAppStore.getState();
    const statuses = new Map(datasetRows.map((row, id) => [id, { status: row.status }] as const).filter(([, mark]) => mark.status !== 'unreviewed'));
    useAppStore.getState().closeDataset();
    open();
    useAppStore.getState().restoreDataset(datasetChanges, statuses);
    await settle();
    expect(exported()).toEqual(before);
    expect(useAppStore.getState().datasetOrder).toEqual([1, 2, 4, copy]);
    expect(useAppStore.getState().datasetRows[1]?.summary?.preview).toBe('saved edit');
    expect(useAppStore.getState().datasetRows[4]?.status).toBe('flagged');
    expect(useAppStore.getState().currentRecord).toBe(1);
    expect(firstText()).toBe('saved edit');
  });

  it('shows a bad line as text, and makes it a normal edited record once it decodes', async () => {
    await useAppStore.getState().goto(2);
    const loaded = useAppStore.getState().datasetLoaded;
    expect(loaded && !loaded.ok && loaded.problem.kind).toBe('json');
    expect(loaded?.text).toBe('{"messages": [');
    const still = await useAppStore.getState().fixBadLine('{"messages": [}');
    expect(still?.message).toMatch(/^Line 3: not valid JSON/);
    const fixed = '{"messages": [{"role": "user", "content": "fixed"}]}';
    expect(await useAppStore.getState().fixBadLine(fixed)).toBeNull();
    expect(firstText()).toBe('fixed');
    expect(useAppStore.getState().datasetRows[2]?.problem).toBeUndefined();
    expect(exported()[2]).toBe(fixed);
  });

  it('writes a bad line fixed over several lines on one line, its numbers as typed', async () => {
    await useAppStore.getState().goto(2);
    expect(await useAppStore.getState().fixBadLine('{"messages": [{"role": "user", "content": "fixed"}],\n "t": 1.0, "z": -0, "n": 12345678901234567890}')).toBeNull();
    expect(exported()[2]).toBe('{"messages":[{"role":"user","content":"fixed"}],"t":1.0,"z":-0,"n":12345678901234567890}');
  });
});

function summaryOf(preview: string) {
  return { preview, dialect: 'openai-chat', messages: 2, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: 0, errors: 0 };
}

/** Lets the reloads a step starts (async reads of the Blob) finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a dataset growing as its rows are read (Parquet, issue 27)', () => {
  const first = `${line(0)}\n${line(1)}\n`;
  const whole = `${first}${line(2)}\n${line(3)}\n`;
  const fileOf = (text: string): DatasetFile => {
    const bytes = encoder.encode(text);
    const index = indexJsonl(bytes);
    return { name: 'd.parquet', size: bytes.length, format: 'jsonl', source: new Blob([bytes]), index, fingerprint: { size: bytes.length, hash: '' }, count: index.records.count };
  };

  beforeEach(() => {
    const part = fileOf(first);
    useAppStore.getState().openDataset(part, rowsFromIndex(part.index));
    useAppStore.getState().setDatasetReading({ done: 2, total: 4, stopped: false });
  });

  it('appends rows: ids, the open record, its edit and statuses are kept', async () => {
    await useAppStore.getState().goto(1);
    typeInFirstMessage('question 1, edited while reading');
    useAppStore.getState().setStatus(0, 'flagged');
    const grown = fileOf(whole);
    useAppStore.getState().growDataset(grown, rowsFromIndex(grown.index, 2));
    const state = useAppStore.getState();
    expect(state.datasetOrder).toEqual([0, 1, 2, 3]);
    expect(state.currentRecord).toBe(1);
    expect(firstText()).toBe('question 1, edited while reading');
    expect(state.datasetRows[0]?.status).toBe('flagged');
    expect(state.datasetRows.map((row) => row.line)).toEqual([1, 2, 3, 4]);
    state.commitCurrent();
    expect(JSON.parse(useAppStore.getState().datasetChanges.edited.get(1) ?? '{}').messages[0].content).toBe('question 1, edited while reading');
    await useAppStore.getState().goto(3);
    expect(firstText()).toBe('question 3');
  });

  it('keeps a deletion made while reading; refuses to add a record until every row is read', () => {
    useAppStore.getState().deleteRecord(0);
    expect(() => useAppStore.getState().duplicateRecord(1)).toThrow('Adding a record waits for every row: reading rows 2 of 4.');
    const grown = fileOf(whole);
    useAppStore.getState().growDataset(grown, rowsFromIndex(grown.index, 2));
    expect(useAppStore.getState().datasetOrder).toEqual([1, 2, 3]);
  });
});
