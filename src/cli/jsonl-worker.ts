/**
 * A worker thread of `--jobs N`: builds the command's line job from the same arguments as the
 * main thread, then turns each chunk of lines it is sent into that chunk's result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareFormat } from './format-args.ts';
import { chunkLines } from './line-chunks.ts';
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
  try {
    reply = { id, result: runLines(job, chunkLines(chunk)) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies WorkerReply);
