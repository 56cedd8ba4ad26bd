import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl } from '../../../core/index.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { rowsFromIndex } from '../rows.ts';
import { FakeDatasetStorage } from './fake-dataset-storage.ts';
import { followReadAs, restoreReadAs } from './read-as-persistence.ts';

const BYTES = new TextEncoder().encode('{"messages":[{"role":"user","content":"hi"}]}\n');

/** The key the dialect is kept under: the file's fingerprint (size and hash), not its name (issue 24). */
const KEY = `${BYTES.length}:0`;

function open(name = 'd.jsonl', hash = '0'): DatasetFile {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name, size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
  return file;
}

describe('the dialect a dataset is read as, kept with it', () => {
  let storage: FakeDatasetStorage;
  let stop: () => void;
  beforeEach(() => {
    stop?.();
    useAppStore.getState().closeDataset();
    storage = new FakeDatasetStorage();
    stop = followReadAs(storage);
  });

  it('is kept when chosen, forgotten when the records are read per record again, and kept when the dataset closes', async () => {
    open();
    useAppStore.getState().setDatasetReadAs('sharegpt');
    await Promise.resolve();
    expect(storage.readAsByName.get(KEY)).toBe('sharegpt');
    useAppStore.getState().closeDataset();
    expect(useAppStore.getState().datasetReadAs).toBeNull();
    expect(storage.readAsByName.get(KEY)).toBe('sharegpt');
    open();
    useAppStore.getState().setDatasetReadAs('sharegpt');
    useAppStore.getState().setDatasetReadAs(null);
    await Promise.resolve();
    expect(storage.readAsByName.has(KEY)).toBe(false);
  });

  it('is put back when the same file opens again, under another name too, not over a choice made meanwhile, and not for another file of the same name', async () => {
    storage.readAsByName.set(KEY, 'sharegpt');
    const file = open();
    await restoreReadAs(storage, file);
    expect(useAppStore.getState().datasetReadAs).toBe('sharegpt');
    const again = open();
    useAppStore.getState().setDatasetReadAs('anthropic');
    await restoreReadAs(storage, again);
    expect(useAppStore.getState().datasetReadAs).toBe('anthropic');
    // The same bytes under another name: the same file, with the choice made last for it.
    const renamed = open('renamed.jsonl');
    await restoreReadAs(storage, renamed);
    expect(useAppStore.getState().datasetReadAs).toBe('anthropic');
    const other = open('d.jsonl', '1');
    await restoreReadAs(storage, other);
    expect(useAppStore.getState().datasetReadAs).toBeNull();
  });

  it('is not put back when the kept id names no dialect this version reads, and says so', async () => {
    storage.readAsByName.set(KEY, 'no-such-dialect');
    const file = open();
    await restoreReadAs(storage, file);
    expect(useAppStore.getState().datasetReadAs).toBeNull();
    expect(useAppStore.getState().notice?.title).toMatch(/no-such-dialect/);
  });
});
