/**
 * Runs a command over JSON Lines: chunks of lines are read as they come, processed in this
 * process (`--jobs 1`) or by worker threads, and their results written to stdout in input
 * order, waiting for stdout when it is full and keeping at most two chunks per worker in
 * flight, so that memory stays bounded whatever the input's size.
 */
import { EXIT_ERRORS, EXIT_OK } from './errors.ts';
import { inputName, writeErr, writeErrLines, writeOut } from './io.ts';
import { chunkLines, readLineChunks } from './line-chunks.ts';
import { runLines, type ChunkResult, type LineJob } from './line-job.ts';
import type { LineJobName } from './line-jobs.ts';
import { WorkerPool } from './worker-pool.ts';

export interface Counts {
  records: number;
  failed: number;
}

export interface JsonlRun {
  command: LineJobName;
  /** The command's arguments, from which a worker builds the same job. */
  argv: readonly string[];
  file: string | undefined;
  job: LineJob;
  jobs: number;
  /** The summary line for stderr, if any. */
  summary?(counts: Counts, name: string): string | undefined;
}

/** Exit code 1 when a record has errors, else 0. */
export async function runJsonl(run: JsonlRun): Promise<number> {
  const name = inputName(run.file);
  const counts: Counts = { records: 0, failed: 0 };
  const said = new Set<string>();
  let line = 0;
  const write = async (result: ChunkResult): Promise<void> => {
    const notes: string[] = [];
    for (const note of result.notes) {
      if (note.key !== undefined) {
        if (said.has(note.key)) continue;
        said.add(note.key);
      }
      notes.push(`${note.lead ?? ''}${name}:${line + note.index + 1}: ${note.text}`);
    }
    await writeErrLines(notes);
    line += result.lines;
    counts.records += result.records;
    counts.failed += result.failed;
    if (result.out !== '') await writeOut(result.out);
  };

  let pool: WorkerPool | undefined;
  let held: Buffer | undefined;
  const pending: Promise<ChunkResult>[] = [];
  const send = (chunk: Buffer): void => {
    const result = (pool as WorkerPool).run(chunk);
    result.catch(() => undefined); // awaited in order below; a failure there is the one reported
    pending.push(result);
  };
  try {
    for await (const chunk of readLineChunks(run.file, run.command)) {
      if (run.jobs <= 1) {
        await write(runLines(run.job, chunkLines(chunk)));
        continue;
      }
      // Workers start with the second chunk: an input of one chunk is done sooner here.
      if (!pool) {
        if (!held) {
          held = chunk;
          continue;
        }
        pool = new WorkerPool(run.jobs, { command: run.command, argv: run.argv });
        send(held);
        held = undefined;
      }
      send(chunk);
      while (pending.length >= run.jobs * 2) await write(await (pending.shift() as Promise<ChunkResult>));
    }
    if (held) await write(runLines(run.job, chunkLines(held)));
    for (const result of pending) await write(await result);
  } finally {
    await pool?.close();
  }
  const summary = run.summary?.(counts, name);
  if (summary !== undefined) writeErr(summary);
  return counts.failed > 0 ? EXIT_ERRORS : EXIT_OK;
}
