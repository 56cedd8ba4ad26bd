/**
 * Runs a command over JSON Lines: chunks of lines are read as they come, processed, and their
 * results written to stdout in input order as soon as they are made (a writer that waits for
 * the answer to a line gets it), waiting for stdout when it is full.
 *
 * `--jobs N`: N threads process chunks, this one and N − 1 workers (so that N cores are busy,
 * not N + 1 threads fighting for them). A chunk goes to a worker while one has fewer than two
 * waiting, else this thread does it; the workers start with the second chunk (an input of one
 * chunk is done before a worker could start), and this thread keeps working while they start.
 * At most 2N chunks are in flight, so memory stays bounded whatever the input's size.
 */
import { countText } from './count-text.ts';
import { DuplicateLines } from './duplicate-lines.ts';
import { EXIT_ERRORS, EXIT_OK } from './errors.ts';
import { fixSummary, tallyNote, type FixTally } from './fixes.ts';
import { inputName, writeErr, writeErrText, writeOut } from './io.ts';
import { eachChunkLine, overlongLine, readLineChunks } from './line-chunks.ts';
import { runLines, type ChunkResult, type LineJob } from './line-job.ts';
import type { LineJobName } from './line-jobs.ts';
import { ReusedBuffers } from './reused-buffers.ts';
import { arrayChunks, type ArrayRecords } from './json-array-input.ts';
import { isParquetFile, openParquetInput, parquetChunks, type ParquetInput } from './parquet-input.ts';
import { WorkerPool } from './worker-pool.ts';

export interface Counts {
  records: number;
  failed: number;
  /** The changes of `--fix`, per kind. */
  fixes: FixTally;
  /** The notes with a `tally`, counted per kind. */
  tallies: Map<string, number>;
}

export interface JsonlRun {
  command: LineJobName;
  /** The command's arguments, from which a worker builds the same job. */
  argv: readonly string[];
  file: string | undefined;
  job: LineJob;
  jobs: number;
  /** Of each kind of line about a record (a diagnostic's or failure's code, a --fix change), the lines written on stderr (`--notes`; default: all); the rest are counted in a summary. */
  noteLimit?: number;
  /** The summary line for stderr, if any. */
  summary?(counts: Counts, name: string): string | undefined;
  /** Name the exact duplicate records (the job's `contentKey`s) after the summary, the first `noteLimit` of them. */
  duplicates?: boolean;
  /** The records of a `.json` array input (json-array-input.ts), run instead of the file's lines; notes name the line each starts on. */
  array?: ArrayRecords;
  /** A Parquet file's conversation columns, when the person named them (`--column`). */
  columns?: readonly string[] | undefined;
}

/** A chunk sent to be run, in input order: its result, and whether it is made yet. */
interface InFlight {
  result: Promise<ChunkResult>;
  made: boolean;
}

/** Exit code 1 when a record has errors, else 0. */
export async function runJsonl(run: JsonlRun): Promise<number> {
  const name = inputName(run.file);
  const noteLimit = run.noteLimit ?? Infinity;
  const counts: Counts = { records: 0, failed: 0, fixes: new Map(), tallies: new Map() };
  const said = new Set<string>();
  /** Per diagnostic code: lines written, and diagnostics only counted. */
  const written = new Map<string, number>();
  const unshown = new Map<string, number>();
  // A Parquet file's records are its rows, said as `data.parquet: row 0:` (numbered from 0, as pandas and datasets do).
  const parquet: ParquetInput | undefined = isParquetFile(run.file) && !run.array ? await openParquetInput(run.file, run.command, run.columns) : undefined;
  // DuplicateLines names lines; for rows it is left out (docs/cli.md).
  const duplicates = run.duplicates === true && !parquet ? new DuplicateLines(noteLimit) : undefined;
  let line = 0;
  // Enough for the chunks in flight and those stdout still holds.
  const buffers = new ReusedBuffers(2 * run.jobs + 2);
  /** The file's line of the record at 0-based `at` (for a JSON array, the line its element starts on). */
  const lineOf = (at: number): number => (run.array ? (run.array.lineNumbers[at] ?? at + 1) : at + 1);
  const write = async (result: ChunkResult): Promise<void> => {
    let notes = '';
    for (const note of result.notes) {
      tallyNote(counts.fixes, note);
      if (note.key !== undefined) {
        if (said.has(note.key)) continue;
        said.add(note.key);
      }
      if (note.code !== undefined) {
        const before = written.get(note.code) ?? 0;
        if (before >= noteLimit) {
          unshown.set(note.code, (unshown.get(note.code) ?? 0) + 1);
          continue;
        }
        written.set(note.code, before + 1);
      } else if (note.fix !== undefined) {
        // A --fix change: the first `noteLimit` of each kind are written; the summary counts them all.
        const kind = `fix ${note.fix.id}`;
        const before = written.get(kind) ?? 0;
        if (before >= noteLimit) continue;
        written.set(kind, before + 1);
      } else if (note.tally !== undefined) {
        counts.tallies.set(note.tally, (counts.tallies.get(note.tally) ?? 0) + 1);
        const kind = `tally ${note.tally}`;
        const before = written.get(kind) ?? 0;
        if (before >= noteLimit) continue;
        written.set(kind, before + 1);
      }
      const place = parquet ? `: row ${line + note.index}` : `:${lineOf(line + note.index)}`;
      notes += `${note.lead ?? ''}${name}${place}: ${note.text}\n`;
    }
    for (const [code, count] of result.unshown) unshown.set(code, (unshown.get(code) ?? 0) + count);
    if (duplicates) for (const { index, key } of result.keys) duplicates.add(lineOf(line + index), key);
    await writeErrText(notes);
    line += result.lines;
    counts.records += result.records;
    counts.failed += result.failed;
    const out = result.out;
    if (out.length > 0) await writeOut(out, () => buffers.giveBack(out) || pool?.giveBack(out));
  };

  let pool: WorkerPool | undefined;
  /** Chunks in input order, with whether their result is made yet. */
  const pending: InFlight[] = [];
  /**
   * Writes the results at the head of the line that are made, in order, one writer at a time:
   * a producer that waits for the answer to a line gets it.
   */
  let flushing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> =>
    (flushing = flushing.then(async () => {
      while (pending[0]?.made === true) await write(await (pending.shift() as InFlight).result);
    }));
  const here = (chunk: Buffer): ChunkResult => runLines(run.job, eachChunkLine(chunk), noteLimit, { take: buffers.take, sizeHint: chunk.length }, written);
  try {
    let first = true;
    const chunks = parquet ? parquetChunks(parquet.source) : run.array ? arrayChunks(run.array) : readLineChunks(run.file, run.command);
    for await (const chunk of chunks) {
      if (!Buffer.isBuffer(chunk)) {
        // A line too long to read: its error result, in its place.
        pending.push({ result: Promise.resolve(runLines(run.job, [overlongLine(chunk)], noteLimit, { take: buffers.take })), made: true });
        await flush();
        continue;
      }
      // The chunk holds until the next is read: `here` is done with it at once, and `pool.run` copies it into its message.
      if (!first && !pool && run.jobs > 1) pool = new WorkerPool(run.jobs - 1, { command: run.command, argv: run.argv, noteLimit });
      first = false;
      if (pool?.hasRoom(2)) {
        const entry: InFlight = { result: pool.run(chunk), made: false };
        // A worker's result is written as soon as it is made and first in line, even while this
        // thread waits for input; a failure is thrown where it is written (the one reported).
        const made = (): void => {
          entry.made = true;
          flush().catch(() => undefined);
        };
        entry.result.then(made, made);
        pending.push(entry);
      } else {
        pending.push({ result: Promise.resolve(here(chunk)), made: true });
      }
      await flush();
      // At most 2N chunks in flight: then the oldest is waited for.
      while (pending.length >= run.jobs * 2) {
        await (pending[0] as InFlight).result;
        await flush();
      }
    }
    while (pending.length > 0) {
      await (pending[0] as InFlight).result;
      await flush();
    }
  } finally {
    await pool?.close();
    await parquet?.close();
  }
  const summary = run.summary?.(counts, name);
  if (summary !== undefined) writeErr(summary);
  const repeated = duplicates?.summary(run.command);
  if (repeated !== undefined) writeErr(repeated);
  if (counts.fixes.size > 0) for (const line of fixSummary(run.command, counts.fixes)) writeErr(line);
  if (unshown.size > 0) writeErr(unshownSummary(run.command, unshown, noteLimit));
  return counts.failed > 0 ? EXIT_ERRORS : EXIT_OK;
}

/** The line that counts the diagnostics `--notes` left out, most frequent code first. */
export function unshownSummary(command: string, unshown: ReadonlyMap<string, number>, noteLimit: number): string {
  const total = [...unshown.values()].reduce((sum, count) => sum + count, 0);
  // Codes are ASCII words with hyphens: plain comparison orders them (localeCompare would load the collation data, ~7 ms).
  const kinds = [...unshown].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([code, count]) => `${code} ${countText(count)}`);
  const shown = noteLimit === 0 ? 'none of them is written' : `the first ${noteLimit} of each code are written above`;
  return `parley ${command}: ${countText(total)} more ${total === 1 ? 'diagnostic' : 'diagnostics'} not written (${kinds.join(', ')}); ${shown}, --notes all writes every one`;
}
