/**
 * A worker thread of `--jobs N`: builds the command's line job from the same arguments as the
 * main thread, then turns each chunk of lines it is sent into that chunk's result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareFormat } from './format-args.ts';
import { eachChunkLine } from './line-chunks.ts';
import { runLines } from './line-job.ts';
import { lineJobFor } from './line-jobs.ts';
import { ReusedBuffers } from './reused-buffers.ts';
import type { WorkerMessage, WorkerReply, WorkerSetup } from './worker-pool.ts';

const port = parentPort;
if (!port) throw new Error('jsonl-worker.ts runs as a worker thread');
const setup = workerData as WorkerSetup;
await prepareFormat(setup.argv);
const job = lineJobFor(setup.command, setup.argv);

/** Memory for outputs, used again when the main thread has written one and moves it back. */
const outputs = new ReusedBuffers(4);

port.on('message', (message: WorkerMessage) => {
  if ('written' in message) {
    outputs.adopt(message.written);
    return;
  }
  const { id, chunk } = message;
  let reply: WorkerReply;
  // The chunk's memory goes back with the reply, for the next chunk sent here or elsewhere.
  const moved: ArrayBuffer[] = [chunk.buffer as ArrayBuffer];
  try {
    const result = runLines(job, eachChunkLine(chunk), setup.noteLimit, { take: outputs.take, sizeHint: chunk.length });
    // The output is UTF-8 bytes in memory of its own (runLines), moved to the main thread, not
    // copied: it writes every chunk's output, and copying the text across and encoding it there
    // was work on the one thread that all chunks wait for (--jobs 2 did 1.35× the work of
    // --jobs 1 where two processes on the halves did 1.51×).
    moved.push(result.out.buffer as ArrayBuffer);
    reply = { id, result, input: chunk };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error), input: chunk };
  }
  port.postMessage(reply, moved);
});
port.postMessage({ ready: true } satisfies WorkerReply);
