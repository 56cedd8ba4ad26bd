import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexJsonl, type Conversation } from '../../core/index.ts';
import '../dataset/engine.ts';
import { rowsFromIndex } from '../dataset/rows.ts';
import { startNewRecord } from '../panels/new-record.ts';
import { confirmLeaveDataset, useAppStore, type DatasetFile } from './index.ts';

const BYTES = new TextEncoder().encode('{"messages":[{"role":"user","content":"one"}]}\n{"messages":[{"role":"user","content":"two"}]}\n');

async function open(): Promise<void> {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: '0' }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
  await useAppStore.getState().goto(0);
}

function type(text: string): void {
  useAppStore.getState().edit((draft) => {
    const content = (draft as Conversation).messages[0]?.content;
    if (content?.type === 'text') content.text = text;
  });
}

describe('leaving dataset mode', () => {
  beforeEach(open);
  afterEach(() => {
    vi.unstubAllGlobals();
    useAppStore.getState().closeDataset();
  });

  it('does not ask when nothing changed', () => {
    const confirm = vi.fn(() => false);
    expect(confirmLeaveDataset(confirm)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks when the current record has an unsaved edit, and says no keeps it', () => {
    type('changed');
    const confirm = vi.fn(() => false);
    expect(confirmLeaveDataset(confirm)).toBe(false);
    expect(confirm).toHaveBeenCalledWith('Close the dataset? Changes you have not exported will be lost.');
  });

  it('New asks first: declined, the dataset and its edit stay; accepted, a new record replaces it', () => {
    type('changed');
    vi.stubGlobal('confirm', () => false);
    startNewRecord('chat');
    expect(useAppStore.getState().dataset).not.toBeNull();
    expect(useAppStore.getState().datasetChanges.edited.size).toBe(1);
    vi.stubGlobal('confirm', () => true);
    startNewRecord('chat');
    expect(useAppStore.getState().dataset).toBeNull();
    expect((useAppStore.getState().record as Conversation).messages).toEqual([]);
  });
});
