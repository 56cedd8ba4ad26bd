import { describe, expect, it } from 'vitest';
import type { FixKindInput } from '../store/index.ts';
import { runFixKind, type FixWorker } from './fix-runner.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** Stands in for the dataset worker: records what the page sends, lets the test answer. */
class FakeWorker implements FixWorker {
  sent: ToWorker[] = [];
  listeners = new Set<EventListener>();
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  addEventListener(_type: string, listener: EventListener): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: string, listener: EventListener): void {
    this.listeners.delete(listener);
  }
  answer(message: FromWorker): void {
    for (const listener of [...this.listeners]) listener({ data: message } as MessageEvent<FromWorker>);
  }
}

const INPUT: FixKindInput = { mode: 'count', fixId: 'apertus/assistant-empty-string', view: { formatId: 'apertus' }, ids: Int32Array.from([0, 1]), sources: Int32Array.from([0, -1]), lines: Int32Array.from([1, 2]), texts: new Map([[1, '{}']]) };
const OUTCOME = { records: 1, places: 2, texts: new Map<number, string>(), contents: new Map() };

function request(worker: FakeWorker): number {
  const message = worker.sent[0];
  if (message?.type !== 'fix-kind') throw new Error('no fix-kind request was sent');
  return message.request;
}

describe('runFixKind', () => {
  it('sends the request, passes on its progress (not another request’s) and settles with its outcome', async () => {
    const worker = new FakeWorker();
    const progress: [number, number][] = [];
    const { result } = runFixKind(worker, INPUT, (done, total) => progress.push([done, total]));
    expect(worker.sent[0]).toMatchObject({ type: 'fix-kind', mode: 'count', fixId: INPUT.fixId, view: INPUT.view, texts: INPUT.texts });
    const id = request(worker);
    worker.answer({ type: 'fix-progress', request: id + 1000, done: 9, total: 9 });
    worker.answer({ type: 'fix-progress', request: id, done: 1, total: 2 });
    worker.answer({ type: 'fix-done', request: id, outcome: OUTCOME });
    expect(await result).toBe(OUTCOME);
    expect(progress).toEqual([[1, 2]]);
    expect(worker.listeners.size).toBe(0);
  });

  it('cancel tells the worker and settles with null at once; a late answer is ignored', async () => {
    const worker = new FakeWorker();
    const { result, cancel } = runFixKind(worker, INPUT, () => {});
    const id = request(worker);
    cancel();
    expect(worker.sent[1]).toEqual({ type: 'cancel', request: id });
    worker.answer({ type: 'fix-done', request: id, outcome: OUTCOME });
    expect(await result).toBeNull();
  });

  it('a failure in the worker rejects with its message; no worker rejects at once', async () => {
    const worker = new FakeWorker();
    const { result } = runFixKind(worker, INPUT, () => {});
    worker.answer({ type: 'fix-failed', request: request(worker), message: 'No file is open in the dataset worker.' });
    await expect(result).rejects.toThrow('No file is open in the dataset worker.');
    await expect(runFixKind(null, INPUT, () => {}).result).rejects.toThrow(/open the file again/);
  });
});
