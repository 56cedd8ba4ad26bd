import { beforeEach, describe, expect, it, vi } from 'vitest';
import { indexJsonl, type Conversation } from '../../../core/index.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { RECHECK_DELAY_MS } from '../dataset-checks.ts';
import { loadRowContents, onDemandFile, onDemandRows } from './on-demand.ts';

const encoder = new TextEncoder();
const ROWS = 10;
const text = (i: number) => `{"messages":[{"role":"user","content":"question ${i}"},{"role":"assistant","content":"answer ${i}"}]}`;

/** A remote split as the worker answers for it: every row read is counted. */
let asked: number[] = [];
const readRow = (id: number): Promise<string> => {
  asked.push(id);
  return Promise.resolve(text(id));
};

function firstText(): string {
  const content = (useAppStore.getState().record as Conversation).messages[0]?.content;
  return content?.type === 'text' ? content.text : '';
}

/** The JSON Lines of every row, as reading all of them makes (read-parquet.ts): one line per row. */
function wholeFile(): DatasetFile {
  const bytes = encoder.encode(`${Array.from({ length: ROWS }, (_, i) => text(i)).join('\n')}\n`);
  const index = indexJsonl(bytes);
  return { name: 'd.parquet', size: bytes.length, format: 'jsonl', source: new Blob([bytes]), index, fingerprint: { size: bytes.length, hash: 'h' }, count: index.records.count };
}

describe('a Parquet dataset read on demand: every row there from the start, each read when shown', () => {
  beforeEach(() => {
    asked = [];
    const file = onDemandFile('d.parquet', 1234, ROWS, new Blob([]), readRow);
    useAppStore.getState().openDataset(file, onDemandRows(ROWS));
    useAppStore.getState().setDatasetReading({ done: 0, total: ROWS, stopped: false, onDemand: { bytes: 5 * 1024 * 1024 } });
  });

  it('lists every row as a record (row n on line n + 1), none read until asked for', () => {
    const state = useAppStore.getState();
    expect(state.datasetOrder).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state.datasetRows.map((row) => row.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(state.datasetRows.every((row) => row.summary === undefined)).toBe(true);
    expect(asked).toEqual([]);
  });

  it('opens a far row by reading that row alone, not the rows before it', async () => {
    await useAppStore.getState().goto(8);
    expect(firstText()).toBe('question 8');
    expect(asked).toEqual([8]);
    expect(useAppStore.getState().datasetRows[8]?.summary?.preview).toBe('question 8');
  });

  it('fills in the rows in view, out of order, reading each once', async () => {
    await Promise.all([loadRowContents([6, 7]), loadRowContents([7, 2])]);
    const rows = useAppStore.getState().datasetRows;
    expect(rows[6]?.summary?.preview).toBe('question 6');
    expect(rows[7]?.summary?.preview).toBe('question 7');
    expect(rows[2]?.summary?.preview).toBe('question 2');
    expect(rows[5]?.summary).toBeUndefined();
    expect(asked.slice().sort()).toEqual([2, 6, 7]);
    await loadRowContents([6, 7, 2]);
    expect(asked).toHaveLength(3);
  });

  it('says whole-dataset work needs every row, with what is read so far and what reading all costs', () => {
    expect(useAppStore.getState().datasetReading).toMatchObject({ onDemand: { bytes: 5 * 1024 * 1024 } });
    useAppStore.getState().setDatasetReading({ done: 3, total: ROWS, stopped: false, onDemand: { bytes: 5 * 1024 * 1024 } });
    expect(() => useAppStore.getState().duplicateRecord(1)).toThrow('Adding a record needs every row: 3 of 10 rows read so far, on demand. Read all (5.0 MB) first.');
  });

  it('keeps ids, an edit, a status and the open record when every row is read later', async () => {
    await useAppStore.getState().goto(7);
    useAppStore.getState().edit((draft) => {
      const content = (draft as Conversation).messages[0]?.content;
      if (content?.type === 'text') content.text = 'question 7, edited before reading all';
    });
    useAppStore.getState().setStatus(3, 'flagged');
    useAppStore.getState().deleteRecord(1);
    useAppStore.getState().growDataset(wholeFile(), []);
    useAppStore.getState().setDatasetReading(null);
    const state = useAppStore.getState();
    expect(state.dataset?.readRow).toBeUndefined();
    expect(state.datasetOrder).toEqual([0, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state.currentRecord).toBe(7);
    expect(firstText()).toBe('question 7, edited before reading all');
    expect(state.datasetRows[3]?.status).toBe('flagged');
    state.commitCurrent();
    expect(JSON.parse(useAppStore.getState().datasetChanges.edited.get(7) ?? '{}').messages[0].content).toBe('question 7, edited before reading all');
    // Records now come from the JSON Lines, not the on-demand reader.
    asked = [];
    await useAppStore.getState().goto(9);
    expect(firstText()).toBe('question 9');
    expect(asked).toEqual([]);
  });

  it('checks the rows read again when the check profile changes (there is no check pass to do it until every row is read)', async () => {
    await loadRowContents([2, 3]);
    expect(useAppStore.getState().datasetRows[2]?.summary?.dialect).toBe('openai-chat');
    // Read as ShareGPT, these OpenAI records have no `conversations`: the rows in view say so, once the profile settles.
    useAppStore.getState().setDatasetReadAs('sharegpt');
    await new Promise((resolve) => setTimeout(resolve, RECHECK_DELAY_MS + 100));
    await vi.waitFor(() => expect(useAppStore.getState().datasetRows[2]?.problem ?? useAppStore.getState().datasetRows[2]?.summary?.dialect).not.toBe('openai-chat'));
    expect(useAppStore.getState().datasetRows[3]?.summary?.dialect).not.toBe('openai-chat');
    useAppStore.getState().setDatasetReadAs(null);
  });
});
