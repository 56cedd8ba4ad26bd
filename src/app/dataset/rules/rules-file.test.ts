import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl } from '../../../core/index.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { rowsFromIndex } from '../rows.ts';
import { loadRulesFile, removeRules, RULES_FILE_MAX_BYTES } from './rules-file.ts';

const BYTES = new TextEncoder().encode('{"messages":[{"role":"user","content":"hi"}]}\n');

function open(): void {
  const index = indexJsonl(BYTES);
  const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: '0' }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
}

const GOOD = JSON.stringify({ maxTurns: { max: 3 } });

describe('a rules file in the app', () => {
  beforeEach(() => {
    useAppStore.getState().closeDataset();
    open();
  });

  it('becomes the dataset’s rules, with its name and text, and is said', async () => {
    expect(await loadRulesFile(new Blob([GOOD]), 'team.json')).toBe(true);
    expect(useAppStore.getState().datasetRules).toEqual({ name: 'team.json', text: GOOD, rules: { maxTurns: { max: 3 } } });
    expect(useAppStore.getState().notice?.title).toBe('Checking the records with the rules of team.json.');
  });

  it('says that token rules are judged as the tokenizer counts', async () => {
    await loadRulesFile(new Blob([JSON.stringify({ maxTokens: { max: 4096 } })]), 'tokens.json');
    expect(useAppStore.getState().notice?.title).toMatch(/Its token rules are judged as the tokenizer counts each record's tokens \(the Validation summary says how far\)\.$/);
  });

  it('changes nothing for a file that is not a rules file, and says why', async () => {
    await loadRulesFile(new Blob([GOOD]), 'team.json');
    expect(await loadRulesFile(new Blob(['{"maxTurns": ']), 'broken.json')).toBe(false);
    expect(useAppStore.getState().datasetRules?.name).toBe('team.json');
    const notice = useAppStore.getState().notice;
    expect(notice?.tone).toBe('error');
    expect(notice?.title).toMatch(/^broken\.json is not a rules file: .+\. The rules of team\.json stay in use\.$/);
  });

  it('refuses a file far too big to be a rules file without reading it', async () => {
    const big = new Blob([new Uint8Array(RULES_FILE_MAX_BYTES + 1)]);
    expect(await loadRulesFile(big, 'data.json')).toBe(false);
    expect(useAppStore.getState().datasetRules).toBeNull();
    expect(useAppStore.getState().notice?.title).toMatch(/^data\.json is not a rules file: it is 1,048,577 bytes/);
  });

  it('is removed on request, and goes with the dataset', async () => {
    await loadRulesFile(new Blob([GOOD]), 'team.json');
    removeRules();
    expect(useAppStore.getState().datasetRules).toBeNull();
    await loadRulesFile(new Blob([GOOD]), 'team.json');
    useAppStore.getState().closeDataset();
    expect(useAppStore.getState().datasetRules).toBeNull();
  });
});
