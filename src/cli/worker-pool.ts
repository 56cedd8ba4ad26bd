/**
 * Worker threads that run a command's line job on chunks of JSON Lines (see jsonl-worker.ts).
 * Each chunk goes to the least busy started worker; `run` resolves with that chunk's result,
 * so that the caller, awaiting the results in the order it sent the chunks, writes them in
 * input order.
 */
import { Worker } from 'node:worker_threads';
import type { ChunkResult } from './line-job.ts';
import type { LineJobName } from './line-jobs.ts';
import { ReusedBuffers } from './reused-buffers.ts';

export interface WorkerSetup {
  command: LineJobName;
  argv: readonly string[];
  /** Of each diagnostic code, the lines a chunk makes (line-job.ts runLines). */
  noteLimit: number;
}

/**
 * A worker says `ready` once it has built its job, then answers each chunk by its id, handing
 * back the chunk's memory (`input`, moved) with its result.
 */
export type WorkerReply = { ready: true } | { id: number; result: ChunkResult; input: Uint8Array } | { id: number; error: string; input: Uint8Array };

/** What a worker is sent: a chunk to run (its memory moved), or the memory of an output it made, written now (moved back). */
export type WorkerMessage = { id: number; chunk: Uint8Array } | { written: Uint8Array };

interface Waiting {
  resolve(result: ChunkResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  waiting: Map<number, Waiting>;
}

/**
 * A worker on jsonl-worker beside this module, with this module's extension: `.js` in the
 * compiled command; `.ts` when run from the sources (tsx, vitest), where the worker first
 * registers tsx itself, since a worker inherits neither the parent's loader hooks nor an
 * `--import` in `execArgv`.
 */
function startWorker(setup: WorkerSetup): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./jsonl-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(url, { workerData: setup });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(code, { eval: true, workerData: setup });
}

export class WorkerPool {
  private readonly slots: Slot[];
  private nextId = 0;
  /** Memory that chunks are copied into and moved to a worker in: the worker moves it back with the result. */
  private readonly inputs: ReusedBuffers;
  /** Which worker made an output (its memory goes back to that worker once written). */
  private readonly madeBy = new WeakMap<ArrayBuffer, Slot>();
  private closed = false;

  constructor(size: number, setup: WorkerSetup) {
    this.inputs = new ReusedBuffers(3 * size);
    this.slots = Array.from({ length: size }, () => {
      const slot: Slot = { worker: startWorker(setup), ready: false, waiting: new Map() };
      slot.worker.on('message', (reply: WorkerReply) => this.settle(slot, reply));
      slot.worker.on('error', (error) => this.failAll(slot, error));
      slot.worker.on('exit', (code) => this.failAll(slot, new Error(`a worker stopped (exit code ${code})`)));
      return slot;
    });
  }

  /**
   * Whether a started worker has fewer than `most` chunks waiting (enough to never sit idle,
   * few enough that the caller does the rest itself rather than queue it).
   */
  hasRoom(most: number): boolean {
    return this.slots.some((slot) => slot.ready && slot.waiting.size < most);
  }

  /** Gives the chunk to the started worker with the fewest waiting (call after `hasRoom`). */
  run(chunk: Uint8Array): Promise<ChunkResult> {
    const ready = this.slots.filter((slot) => slot.ready);
    const slot = (ready.length > 0 ? ready : this.slots).reduce((best, candidate) => (candidate.waiting.size < best.waiting.size ? candidate : best));
    const id = this.nextId++;
    // Copied into memory used again and moved, rather than cloned into new memory on the worker's side.
    const input = this.inputs.take(chunk.length);
    input.set(chunk);
    return new Promise((resolve, reject) => {
      slot.waiting.set(id, { resolve, reject });
      slot.worker.postMessage({ id, chunk: input } satisfies WorkerMessage, [input.buffer as ArrayBuffer]);
    });
  }

  /** An output a worker made is written: its memory goes back to that worker. False when no worker made it. */
  giveBack(written: Uint8Array): boolean {
    const slot = written.buffer instanceof ArrayBuffer ? this.madeBy.get(written.buffer) : undefined;
    if (!slot) return false;
    this.madeBy.delete(written.buffer as ArrayBuffer);
    if (!this.closed) slot.worker.postMessage({ written } satisfies WorkerMessage, [written.buffer as ArrayBuffer]);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map((slot) => {
        slot.worker.removeAllListeners('exit');
        return slot.worker.terminate();
      }),
    );
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    if ('ready' in reply) {
      slot.ready = true;
      return;
    }
    this.inputs.adopt(reply.input);
    const waiting = slot.waiting.get(reply.id);
    if (!waiting) return;
    slot.waiting.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else {
      if (reply.result.out.buffer instanceof ArrayBuffer) this.madeBy.set(reply.result.out.buffer, slot);
      waiting.resolve(reply.result);
    }
  }

  private failAll(slot: Slot, error: Error): void {
    for (const waiting of slot.waiting.values()) waiting.reject(error);
    slot.waiting.clear();
  }
}
