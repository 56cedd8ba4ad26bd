/**
 * A worker thread of `--jobs N`: builds the command's line job from the same arguments as the
 * main thread, then turns each chunk of lines it is sent into that chunk's result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareFormat } from './format-args.ts';
import { eachChunkLine } from './line-chunks.ts';
import { runLines } from './line-job.ts';
import { lineJobFor } from './line-jobs.ts';
import type { WorkerReply, WorkerSetup } from './worker-pool.ts';

const port = parentPort;
if (!port) throw new Error('jsonl-worker.ts runs as a worker thread');
const setup = workerData as WorkerSetup;
await prepareFormat(setup.argv);
const job = lineJobFor(setup.command, setup.argv);

port.on('message', ({ id, chunk }: { id: number; chunk: Uint8Array }) => {
  let reply: WorkerReply;
  let moved: ArrayBuffer[] = [];
  try {
    const result = runLines(job, eachChunkLine(chunk), setup.noteLimit, { sizeHint: chunk.length });
    // The output is UTF-8 bytes in memory of its own (runLines), moved to the main thread, not
    // copied: it writes every chunk's output, and copying the text across and encoding it there
    // was work on the one thread that all chunks wait for (--jobs 2 did 1.35× the work of
    // --jobs 1 where two processes on the halves did 1.51×).
    moved = [result.out.buffer as ArrayBuffer];
    reply = { id, result };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, moved);
});
port.postMessage({ ready: true } satisfies WorkerReply);
