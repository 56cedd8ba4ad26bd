import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexJsonArray, indexJsonl } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import { RECHECK_DELAY_MS } from './dataset-checks.ts';
import { cancelDatasetOpen, openDatasetFile } from './open-dataset.ts';
import type { FromWorker, IndexMessage, ToWorker } from './protocol.ts';

/** Stands in for the dataset worker: records what the page asks, and lets the test answer. */
class FakeWorker {
  static last: FakeWorker | undefined;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: ToWorker[] = [];
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: FromWorker): void {
    this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
}

const encoder = new TextEncoder();
const line = (text: string) => JSON.stringify({ messages: [{ role: 'user', content: text }] });

function indexed(bytes: Uint8Array, format: 'jsonl' | 'json-array'): IndexMessage {
  const index = format === 'jsonl' ? indexJsonl(bytes) : indexJsonArray(bytes);
  const extra = index.format === 'json-array' ? { lines: index.lines, open: index.open, close: index.close, ...(index.error ? { error: index.error } : {}) } : {};
  return { type: 'indexed', format, data: index.records.toData(), bomLength: index.bomLength, size: index.size, fingerprint: { size: bytes.length, hash: 'h' }, ...extra };
}

function worker(): FakeWorker {
  if (!FakeWorker.last) throw new Error('no worker was started');
  return FakeWorker.last;
}

describe('openDatasetFile', () => {
  beforeEach(() => {
    vi.stubGlobal('Worker', FakeWorker);
    useAppStore.getState().closeDataset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.last = undefined;
  });

  it('sends the file, shows progress, opens the index, shows the first record and takes the summaries', async () => {
    const bytes = encoder.encode(`\n${line('first')}\n${line('second')}\n`);
    const file = new Blob([bytes]);
    const opening = openDatasetFile(file, 'set.jsonl');
    expect(worker().sent).toEqual([{ type: 'open', file, format: 'jsonl' }]);
    expect(useAppStore.getState().datasetProgress).toMatchObject({ phase: 'indexing', done: 0, total: bytes.length, name: 'set.jsonl' });
    worker().answer({ type: 'progress', phase: 'indexing', done: 10, total: bytes.length });
    expect(useAppStore.getState().datasetProgress?.done).toBe(10);
    worker().answer(indexed(bytes, 'jsonl'));
    const result = await opening;
    expect(result).toEqual({ ok: true, message: `Opened set.jsonl (${bytes.length} bytes): 2 records.` });
    // Line 1 is blank: the first record is line 2.
    expect(useAppStore.getState().currentRecord).toBe(1);
    expect(useAppStore.getState().datasetProgress?.phase).toBe('checking');
    // Two records: one stripe, one worker, asked to check them with the store's profile.
    expect(worker().sent.at(-1)).toEqual({ type: 'check', pass: 1, profile: { formatId: useAppStore.getState().formatId }, part: 0, parts: 1 });
    // Rows of a superseded pass are not taken.
    worker().answer({ type: 'contents', pass: 0, from: 0, contents: [{}, { problem: { kind: 'json', message: 'old', line: 2 } }] });
    expect(useAppStore.getState().datasetRows[1]?.problem).toBeUndefined();
    worker().answer({ type: 'contents', pass: 1, from: 0, contents: [{}, { problem: { kind: 'json', message: 'x', line: 2 } }] });
    expect(useAppStore.getState().datasetRows[1]?.problem?.message).toBe('x');
    worker().answer({ type: 'checked', pass: 1 });
    expect(useAppStore.getState().datasetProgress).toBeNull();
    expect(worker().terminated).toBe(false);
  });

  it('refuses a .json file that stops being an array of records, and an empty file, changing nothing', async () => {
    const broken = encoder.encode(`[${line('a')} ${line('b')}]`);
    const first = openDatasetFile(new Blob([broken]), 'broken.json');
    worker().answer(indexed(broken, 'json-array'));
    const result = await first;
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^broken\.json is not an array of records: Expected "," or "\]" after record 1/);
    expect(worker().terminated).toBe(true);
    expect(useAppStore.getState().dataset).toBeNull();

    const empty = encoder.encode('\n\n');
    const second = openDatasetFile(new Blob([empty]), 'empty.jsonl');
    worker().answer(indexed(empty, 'jsonl'));
    expect(await second).toEqual({ ok: false, message: 'empty.jsonl has no records. Nothing was changed.' });
    expect(useAppStore.getState().dataset).toBeNull();
    expect(useAppStore.getState().datasetProgress).toBeNull();
  });

  it('cancels before the index is there: the worker ends, nothing changes', async () => {
    const before = useAppStore.getState().record;
    const opening = openDatasetFile(new Blob([encoder.encode(line('a'))]), 'big.jsonl');
    cancelDatasetOpen();
    expect(await opening).toEqual({ ok: false, message: 'cancelled' });
    expect(worker().terminated).toBe(true);
    expect(useAppStore.getState().datasetProgress).toBeNull();
    expect(useAppStore.getState().record).toBe(before);
    expect(useAppStore.getState().notice?.title).toBe('Opening big.jsonl was cancelled. Nothing was changed.');
  });

  it('cancels checking: the worker is told to stop and stays, holding the file for later requests', async () => {
    const bytes = encoder.encode(`${line('a')}\n${line('b')}\n`);
    const opening = openDatasetFile(new Blob([bytes]), 'kept.jsonl');
    worker().answer(indexed(bytes, 'jsonl'));
    await opening;
    cancelDatasetOpen();
    expect(worker().sent.at(-1)).toEqual({ type: 'stop-check' });
    expect(worker().terminated).toBe(false);
    expect(useAppStore.getState().datasetProgress).toBeNull();
    // A report already on its way does not bring the progress bar back.
    worker().answer({ type: 'progress', phase: 'checking', pass: 1, done: 1, total: 2 });
    expect(useAppStore.getState().datasetProgress).toBeNull();
    // Leaving dataset mode ends it.
    useAppStore.getState().closeDataset();
    expect(worker().terminated).toBe(true);
  });

  it('checks every record again when the profile changes (format, rules), superseding the pass under way', async () => {
    vi.useFakeTimers();
    try {
      useAppStore.getState().setFormat('apertus');
      const bytes = encoder.encode(`${line('a')}\n${line('b')}\n`);
      const opening = openDatasetFile(new Blob([bytes]), 're.jsonl');
      worker().answer(indexed(bytes, 'jsonl'));
      await opening;
      expect(worker().sent.filter((m) => m.type === 'check')).toHaveLength(1);
      useAppStore.getState().setFormat('chatml');
      // Changes in a burst (a template typed) make one pass, once they pause.
      vi.advanceTimersByTime(RECHECK_DELAY_MS - 1);
      expect(worker().sent.filter((m) => m.type === 'check')).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(worker().sent.at(-1)).toEqual({ type: 'check', pass: 2, profile: { formatId: 'chatml' }, part: 0, parts: 1 });
      expect(useAppStore.getState().datasetProgress).toMatchObject({ phase: 'checking', done: 0, total: 2 });
      // The first pass's last rows, still on their way, are not taken.
      worker().answer({ type: 'contents', pass: 1, from: 0, contents: [{ codes: ['old'] }, {}] });
      expect(useAppStore.getState().datasetRows[0]?.codes).not.toEqual(['old']);
      worker().answer({ type: 'checked', pass: 1 });
      expect(useAppStore.getState().datasetProgress).not.toBeNull();
      worker().answer({ type: 'contents', pass: 2, from: 0, contents: [{ codes: ['new'] }, {}] });
      expect(useAppStore.getState().datasetRows[0]?.codes).toEqual(['new']);
      worker().answer({ type: 'checked', pass: 2 });
      expect(useAppStore.getState().datasetProgress).toBeNull();
      // A rules file loaded: a third pass, with the rules.
      const rules = { maxTurns: { max: 1 } };
      useAppStore.getState().setDatasetRules({ name: 'team.json', text: JSON.stringify(rules), rules });
      vi.advanceTimersByTime(RECHECK_DELAY_MS);
      expect(worker().sent.at(-1)).toEqual({ type: 'check', pass: 3, profile: { formatId: 'chatml', rules }, part: 0, parts: 1 });
    } finally {
      vi.useRealTimers();
      useAppStore.getState().closeDataset();
      useAppStore.getState().setFormat('apertus');
    }
  });
});
