import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl } from '../../../core/index.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { rowsFromIndex } from '../rows.ts';
import { FakeDatasetStorage } from './fake-dataset-storage.ts';
import { followRules, restoreRules } from './rules-persistence.ts';

const BYTES = new TextEncoder().encode('{"messages":[{"role":"user","content":"hi"}]}\n');
const RULES = { name: 'team.json', text: '{"maxTurns":{"max":2}}', rules: { maxTurns: { max: 2 } } };

function open(name = 'd.jsonl'): DatasetFile {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name, size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: '0' }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
  return file;
}

describe('the rules file kept with the dataset', () => {
  let storage: FakeDatasetStorage;
  let stop: () => void;
  beforeEach(() => {
    stop?.();
    useAppStore.getState().closeDataset();
    storage = new FakeDatasetStorage();
    stop = followRules(storage);
  });

  it('is kept when loaded, forgotten when removed, and kept when the dataset closes', async () => {
    open();
    useAppStore.getState().setDatasetRules(RULES);
    await Promise.resolve();
    expect(storage.rulesByName.get('d.jsonl')).toEqual({ name: 'team.json', text: RULES.text });
    useAppStore.getState().closeDataset();
    expect(storage.rulesByName.get('d.jsonl')).toBeDefined();
    open();
    useAppStore.getState().setDatasetRules(RULES);
    useAppStore.getState().setDatasetRules(null);
    await Promise.resolve();
    expect(storage.rulesByName.has('d.jsonl')).toBe(false);
  });

  it('is put back when the same file opens again (by name), parsed again', async () => {
    await storage.setRules('d.jsonl', { name: 'team.json', text: RULES.text });
    await restoreRules(storage, open());
    expect(useAppStore.getState().datasetRules).toEqual(RULES);
    useAppStore.getState().closeDataset();
    await restoreRules(storage, open('other.jsonl'));
    expect(useAppStore.getState().datasetRules).toBeNull();
  });

  it('does not replace rules the person loaded meanwhile, and says when kept rules no longer read', async () => {
    await storage.setRules('d.jsonl', { name: 'old.json', text: '{"maxTurns": ' });
    const dataset = open();
    await restoreRules(storage, dataset);
    expect(useAppStore.getState().datasetRules).toBeNull();
    expect(useAppStore.getState().notice?.title).toMatch(/^The rules kept for d\.jsonl were not used: old\.json is not a rules file/);
    useAppStore.getState().setDatasetRules(RULES);
    await storage.setRules('d.jsonl', { name: 'older.json', text: '{}' });
    await restoreRules(storage, dataset);
    expect(useAppStore.getState().datasetRules?.name).toBe('team.json');
  });
});
