import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { concatParts, decodeRecordBytes, decodeRecordText, dialectContextOf, encodeRecordLine, indexJsonl, writeDataset, type Conversation } from '../../core/index.ts';
import '../dataset/engine.ts';
import { fixAcrossRecords } from '../dataset/fix-logic.ts';
import { rowContent } from '../dataset/row-content.ts';
import { rowsFromIndex } from '../dataset/rows.ts';
import { diagnoseForView } from './fix-diagnose.ts';
import { datasetEdits, registerDatasetFixRunner, shownStatus, undo, useAppStore, type DatasetFile, type FixKindInput } from './index.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const FIX = 'apertus/assistant-empty-string';

const call = (id: string) => `{"role":"assistant","content":null,"tool_calls":[{"id":"${id}","type":"function","function":{"name":"f","arguments":"{}"}}]}`;
const withCall = (text: string, id: string) => `{"messages":[{"role":"user","content":"${text}"},${call(id)},{"role":"tool","tool_call_id":"${id}","content":"ok"},{"role":"assistant","content":"Done."}],"x":1}`;
const LINES = [withCall('first', 'a'), '{"messages":[{"role":"user","content":"plain"},{"role":"assistant","content":"Hi."}]}', withCall('third', 'c')];
const INPUT = `${LINES.join('\n')}\n`;
const BYTES = encoder.encode(INPUT);
const index = indexJsonl(BYTES);

/** The worker's work done in place: the same pure function over the file's bytes. */
const requests: FixKindInput[] = [];
let cancelNext = false;
registerDatasetFixRunner((input, onProgress) => {
  requests.push(input);
  if (cancelNext) return { result: Promise.resolve(null), cancel: () => undefined };
  const result = fixAcrossRecords(input, {
    fixId: input.fixId,
    mode: input.mode,
    diagnose: diagnoseForView(input.view),
    records: index.records,
    read: async (start, end) => BYTES.slice(start, end),
    decode: (value, line) => (typeof value === 'string' ? decodeRecordText(value, line, dialectContextOf(input.view)) : decodeRecordBytes(value, line, dialectContextOf(input.view))),
    encode: (record, dialect, original) => encodeRecordLine(record, dialect, original).text,
    content: (result) => rowContent(result, input.view),
    onProgress: (done) => onProgress(done, input.ids.length),
  });
  return { result, cancel: () => undefined };
});

function exported(): string[] {
  useAppStore.getState().commitCurrent();
  const { dataset } = useAppStore.getState();
  if (!dataset) throw new Error('no dataset');
  return decoder.decode(concatParts(writeDataset(dataset.index, datasetEdits(useAppStore.getState())), BYTES)).split('\n');
}

async function shown(id: number): Promise<void> {
  await vi.waitFor(() => expect(useAppStore.getState().datasetLoaded?.id).toBe(id));
}

describe('fixAcrossDataset', () => {
  beforeEach(async () => {
    requests.length = 0;
    cancelNext = false;
    useAppStore.getState().closeDataset();
    useAppStore.getState().setFormat('apertus');
    const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: '0' }, count: index.records.count };
    useAppStore.getState().openDataset(file, rowsFromIndex(index));
    // Read as Apertus JSON: there `content: null` beside calls is the data's own, which the template
    // raises on (read as OpenAI Chat it is written "" and needs no fix: issue 24).
    useAppStore.getState().setDatasetReadAs('apertus-json');
    await useAppStore.getState().goto(0);
  });
  afterEach(() => useAppStore.getState().closeDataset());

  it('counts with the format shown, the current unsaved edit included, and changes nothing', async () => {
    // The record in the editors gets a second call with content null, not committed.
    const second = structuredClone((useAppStore.getState().record as Conversation).messages[1]);
    if (!second) throw new Error('no assistant message');
    useAppStore.getState().edit((draft) => {
      (draft as Conversation).messages.splice(3, 0, { ...second, id: 'copy' });
    });
    const result = await useAppStore.getState().fixAcrossDataset(FIX, 'count', 'Use ""');
    expect(result).toEqual({ records: 2, places: 3 });
    expect(requests[0]?.view).toEqual({ formatId: 'apertus', readAs: 'apertus-json' });
    expect(requests[0]?.texts.has(0)).toBe(true);
    expect(useAppStore.getState().datasetChanges.edited.size).toBe(0);
    expect(useAppStore.getState().datasetPast).toHaveLength(0);
    expect(useAppStore.getState().datasetTask).toBeNull();
  });

  it('applies it as one dataset-level step: exactly the fixable lines change, and undo brings the file back', async () => {
    const result = await useAppStore.getState().fixAcrossDataset(FIX, 'apply', 'Use "" as the content');
    expect(result).toEqual({ records: 2, places: 2 });
    const fixed = (line: string) => line.replace('"content":null', '"content":""');
    expect(exported()).toEqual([fixed(LINES[0]!), LINES[1], fixed(LINES[2]!), '']);
    expect(useAppStore.getState().datasetPast.map((step) => step.label)).toEqual(['Fix all: Use "" as the content']);
    expect(shownStatus(useAppStore.getState(), 2)).toBe('edited');
    expect(shownStatus(useAppStore.getState(), 1)).toBe('unreviewed');
    // The current record was among them: it is shown again, fixed.
    await shown(0);
    expect((useAppStore.getState().record as Conversation).messages[1]?.content).toEqual({ type: 'text', text: '' });
    undo();
    await shown(0);
    expect(exported().join('\n')).toBe(INPUT);
    expect(shownStatus(useAppStore.getState(), 2)).toBe('unreviewed');
  });

  it('a cancelled count or apply answers null and changes nothing', async () => {
    cancelNext = true;
    expect(await useAppStore.getState().fixAcrossDataset(FIX, 'apply')).toBeNull();
    expect(useAppStore.getState().datasetPast).toHaveLength(0);
    expect(useAppStore.getState().datasetTask).toBeNull();
  });
});
