import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexJsonl, locatorNumber, parseReviewFile, sha256Hex, type Conversation } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import { datasetEngine } from './engine.ts';
import { datasetBlob, editedOrFlagged, encodeDatasetAs, exportEditedOrFlagged, exportName, exportWholeDataset } from './export-dataset.ts';
import { rowsFromIndex } from './rows.ts';

const downloads: { content: string | Blob; name: string }[] = [];
vi.mock('../layout/download-file.ts', () => ({ downloadFile: (content: string | Blob, name: string) => downloads.push({ content, name }) }));

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

/** Issue 20: numbers as written, and a record nested 5,000 deep, through the app's export. */
describe('dataset export of edited records', () => {
  const deep = `${'['.repeat(5000)}{"w":1.0}${']'.repeat(5000)}`;
  const deepLine = `{"messages":[{"role":"user","content":"deep one"}],"tree":${deep},"temperature":1.0}`;
  const numbersLine = '{"messages":[{"role":"user","content":"numbers"}],"meta":{"t":1.0,"z":-0,"e":1E+5,"big":12345678901234567890,"p":0.10}}';
  const lines = [record(0), deepLine, numbersLine, record(3)];
  const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);

  function typeFirstMessage(text: string): void {
    useAppStore.getState().edit((draft) => {
      const content = (draft as Conversation).messages[0]?.content;
      if (content?.type === 'text') content.text = text;
    });
  }

  beforeEach(() => {
    downloads.length = 0;
    const index = indexJsonl(bytes);
    useAppStore.getState().openDataset({ name: 'set.jsonl', size: bytes.length, format: 'jsonl', source: new Blob([bytes]), index, fingerprint: { size: bytes.length, hash: '0' }, count: index.records.count }, rowsFromIndex(index));
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes an edited record that keeps its numbers as written (1.0, -0, 1E+5, 20 digits, 0.10)', async () => {
    await useAppStore.getState().goto(2);
    typeFirstMessage('edited');
    expect((await datasetBlob().text()).split('\n')[2]).toBe(numbersLine.replace('"numbers"', '"edited"'));
  });

  it('writes an edited record nested 5,000 deep, as edited, and the others as they were', async () => {
    await useAppStore.getState().goto(1);
    typeFirstMessage('deep, edited');
    exportWholeDataset();
    expect(downloads.map((d) => d.name)).toEqual(['set.parley.jsonl']);
    const written = (await (downloads[0]?.content as Blob).text()).split('\n');
    expect(written).toEqual([record(0), deepLine.replace('"deep one"', '"deep, edited"'), numbersLine, record(3), '']);
    expect(useAppStore.getState().notice).toMatchObject({ tone: 'success', title: 'Exported set.parley.jsonl: untouched records byte for byte, 1 record changed.' });
  });

  it('writes the review file beside the export, its records named by their lines and bytes in the exported file (only the edited or flagged ones)', async () => {
    useAppStore.getState().setStatus(0, 'done');
    useAppStore.getState().setStatus(2, 'flagged');
    useAppStore.getState().setStatus(3, 'flagged');
    await exportEditedOrFlagged();
    expect(downloads.map((d) => d.name)).toEqual(['set.edited.jsonl', 'set.edited.review.jsonl']);
    // Record 0 is done, not flagged: not exported, so not in the export's review file either.
    expect(await (downloads[0]?.content as Blob).text()).toBe(`${numbersLine}\n${record(3)}\n`);
    const { entries } = parseReviewFile(await (downloads[1]?.content as Blob).text());
    expect(entries.map((e) => [locatorNumber(e), e.fingerprint, e.status])).toEqual([
      [1, sha256Hex(new TextEncoder().encode(numbersLine)), 'flagged'],
      [2, sha256Hex(new TextEncoder().encode(record(3))), 'flagged'],
    ]);
    expect(useAppStore.getState().notice?.title).toMatch(/Downloaded set\.edited\.review\.jsonl \(2 reviewed record\(s\)\)/);
  });

  it('converts a record nested 5,000 deep to another dialect without throwing', async () => {
    const result = await encodeDatasetAs('openai-chat');
    expect(result.written).toBe(4);
    // The codec's key order (a conversion does not keep the original's), the numbers as spelled.
    expect(result.text.split('\n')[1]).toBe(`{"tree":${deep},"temperature":1.0,"messages":[{"role":"user","content":"deep one"}]}`);
  });

  it('when an edit cannot be written, the export goes on: that record\'s original bytes, a notice naming its line, the edit kept in the editors', async () => {
    await useAppStore.getState().goto(2);
    typeFirstMessage('edited');
    vi.spyOn(datasetEngine, 'encode').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    exportWholeDataset();
    expect(downloads).toHaveLength(1);
    expect(await (downloads[0]?.content as Blob).text()).toBe(`${lines.join('\n')}\n`);
    const notice = useAppStore.getState().notice;
    expect(notice?.tone).toBe('error');
    expect(notice?.title).toBe('Exported set.parley.jsonl, but line 3 could not be written as edited: its original bytes are kept.');
    expect(notice?.details).toEqual(['Line 3: the edit could not be written (Maximum call stack size exceeded). The file keeps the line as it was; the edit is still in the editors.']);
    expect((useAppStore.getState().record as Conversation).messages[0]?.content).toMatchObject({ text: 'edited' });
    // Moving on would drop the edit from the editors: the record stays.
    await useAppStore.getState().goto(3);
    expect(useAppStore.getState().currentRecord).toBe(2);
    expect((useAppStore.getState().record as Conversation).messages[0]?.content).toMatchObject({ text: 'edited' });
  });
});
