import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl, type Conversation } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import { datasetBlob, editedOrFlagged, encodeDatasetAs, exportName } from './export-dataset.ts';
import { rowsFromIndex } from './rows.ts';

const record = (i: number) => JSON.stringify({ id: `r${i}`, messages: [{ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `answer ${i}` }] });
const LINES = [record(0), 'not json', record(2), record(3)];
const BYTES = new TextEncoder().encode(`${LINES.join('\n')}\n`);

describe('dataset export', () => {
  beforeEach(() => {
    const index = indexJsonl(BYTES);
    useAppStore.getState().openDataset({ name: 'set.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: '0' }, count: index.records.count }, rowsFromIndex(index));
  });

  it('writes only the edited and flagged records, with the edit in the editors included', async () => {
    const state = useAppStore.getState();
    await state.goto(2);
    state.edit((draft) => {
      const content = (draft as Conversation).messages[1]?.content;
      if (content?.type === 'text') content.text = 'better';
    });
    state.setStatus(3, 'flagged');
    const text = await datasetBlob({ only: editedOrFlagged() }).text();
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0] as string)).toEqual({ id: 'r2', messages: [{ role: 'user', content: 'question 2' }, { role: 'assistant', content: 'better' }] });
    expect(lines[1]).toBe(record(3));
    expect(lines[2]).toBe('');
  });

  it('re-encodes every record in another dialect, bad lines as they are, each loss once with its lines', async () => {
    const result = await encodeDatasetAs('anthropic');
    const lines = result.text.trimEnd().split('\n');
    expect(result.written).toBe(4);
    expect(lines[1]).toBe('not json');
    expect(result.verbatim).toEqual([2]);
    const first = JSON.parse(lines[0] as string) as { id?: string; messages: { role: string }[] };
    expect(first.id).toBeUndefined();
    expect(first.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(result.losses).toHaveLength(1);
    expect(result.losses[0]?.message).toContain('"id"');
    expect(result.losses[0]?.lines).toEqual([1, 3, 4]);
  });

  it('names exports after the file', () => {
    expect(exportName('data.jsonl', 'edited')).toBe('data.edited.jsonl');
    expect(exportName('data.jsonl', 'anthropic', '.jsonl')).toBe('data.anthropic.jsonl');
    expect(exportName('noext', 'parley')).toBe('noext.parley');
  });
});
