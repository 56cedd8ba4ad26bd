/**
 * What a command does to one JSON Lines record, as a plain function of the line's text, so that
 * the same code runs in this process (`--jobs 1`) or in worker threads, and a chunk of lines
 * gives the same result wherever it runs.
 *
 * The streaming contract (docs/pipelines.md): one result line per input line, in order. A blank
 * input line gives an empty result line, so that position alone maps output to input; nothing
 * in a result line depends on where the input was split (no line numbers, no file name).
 * Messages for people (stderr) do name the line; they are made by the caller, which knows
 * where a chunk starts.
 */
import type { Diagnostic } from '../core/index.ts';
import { isBlank } from './jsonl.ts';
import { diagnosticLine } from './print.ts';
import { thrownFailure, type RecordFailure } from './record-failures.ts';

/** A line for stderr about one record: `${lead}${file}:${line}: ${text}`. */
export interface Note {
  text: string;
  /** `INFO ` for the dialect line, else empty. */
  lead?: string;
  /** Notes with a key are written once per run (the first record that has it). */
  key?: string;
  /** A change made by `--fix`: counted per id for the summary at the end. */
  fix?: { id: string; label: string };
  /** The diagnostic code of a note made from a diagnostic (`--notes N` writes N of each code). */
  code?: string;
  /** A kind the run counts for its summary (compare's kinds of difference): every note counted, the first `--notes N` of each kind written. */
  tally?: string;
}

export interface LineResult {
  /** The result line, without its line break. */
  out: string;
  failed: boolean;
  notes?: Note[];
  /**
   * Diagnostics for people (stderr), after the notes. They are made into lines only while
   * their code is under the run's limit: a dataset converted with a few hundred diagnostics a
   * record would otherwise spend most of its time writing lines nobody reads.
   */
  diagnostics?: readonly Diagnostic[];
  /**
   * Per code, diagnostics the job did not make at all because they are past the run's limit
   * (`EncodeHow.wants` said no): counted with the chunk's unshown ones.
   */
  declined?: ReadonlyMap<string, number> | undefined;
  /**
   * The record's duplicate key (core's `contentKey` of its parsed JSON), for a command that names
   * exact duplicates in its summary (validate): collected per line, never part of `out`.
   */
  contentKey?: string;
}

export interface LineJob {
  /** One record's text (never blank) → its result. */
  (text: string): LineResult;
  /**
   * The result of a record that failed (could not be read, or threw), in the command's shape
   * (render: `{"text": null, "diagnostics": [the reason]}`, convert: `null` and the reason on stderr).
   */
  failure(failure: RecordFailure): LineResult;
}

export function lineJob(run: (text: string) => LineResult, failure: (failure: RecordFailure) => LineResult): LineJob {
  return Object.assign(run, { failure });
}

/** A line of a chunk: its text, or why it could not be read (line-chunks.ts). */
export type ChunkLine = string | RecordFailure;

/**
 * The record's result, whatever happens on it: a throw (a stack overflow, a string past the
 * engine's limit, a bug) is that record's failure, so that one record never stops a run.
 */
function resultOf(job: LineJob, line: ChunkLine): LineResult {
  if (typeof line !== 'string') return job.failure(line);
  try {
    return job(line);
  } catch (error) {
    return job.failure(thrownFailure(error));
  }
}

export interface ChunkResult {
  /** The result lines as UTF-8, each ending with a line break (made in this thread or a worker's). */
  out: Uint8Array;
  /** Input lines in the chunk, blank ones included (to number the next chunk's lines). */
  lines: number;
  records: number;
  failed: number;
  /** `index` is the 0-based line in the chunk. */
  notes: (Note & { index: number })[];
  /** Per code, the chunk's diagnostics past the first `noteLimit` of that code: counted, not made into lines. */
  unshown: Map<string, number>;
  /** The duplicate keys of the chunk's records (`LineResult.contentKey`) with their 0-based line in the chunk; empty when the job makes none. */
  keys: { index: number; key: string }[];
}

/** Where a chunk's output lines are written. */
export interface LinesMemory {
  /** Memory of exactly `size` bytes, its own (not Node's shared pool), so that a worker can move it (default: new). */
  take?(size: number): Uint8Array;
  /** About how many bytes the output will be (the chunk's input size): the first memory taken. */
  sizeHint?: number;
}

/**
 * `noteLimit`: of each diagnostic code, the chunk makes lines of its first `noteLimit` only (the
 * run writes the first `noteLimit` of the whole input, which are among them wherever the input
 * was cut into chunks), and counts the rest. `lines` may be made one at a time as they are read
 * (line-chunks.ts `eachChunkLine`).
 *
 * Each result line is encoded as UTF-8 into the output memory as soon as it is made, so that its
 * text dies with its record: kept as strings until the chunk was done, a chunk's output (about a
 * megabyte) was copied by every young-generation collection meanwhile. The memory grows (doubling)
 * when a line does not fit.
 */
export function runLines(job: LineJob, lines: Iterable<ChunkLine>, noteLimit = Infinity, memory: LinesMemory = {}, written?: ReadonlyMap<string, number>): ChunkResult {
  /**
   * Lines a code may still have from this chunk: `written` (when given) counts the lines the run
   * has written already, all from earlier chunks, so the run needs no more than the rest from
   * this one. In one thread (`--jobs 1`) a code that speaks on every record then makes
   * `noteLimit` lines in all, not `noteLimit` in every chunk for the run to drop.
   */
  const limitOf = (code: string): number => (written === undefined ? noteLimit : Math.max(0, noteLimit - (written.get(code) ?? 0)));
  const take = memory.take ?? Buffer.allocUnsafeSlow;
  let out = asBuffer(take(Math.max(memory.sizeHint ?? 0, 1 << 16)));
  /** Bytes written to `out`, line breaks included. */
  let at = 0;
  /** `text` and a line break are written at `at` (a UTF-16 unit is at most 3 bytes of UTF-8: the exact count only near the end). */
  const writeLine = (text: string): void => {
    if (at + text.length * 3 + 1 > out.length) {
      const size = Buffer.byteLength(text, 'utf8') + 1;
      if (at + size > out.length) {
        const bigger = asBuffer(take(Math.max(out.length * 2, at + size)));
        out.copy(bigger, 0, 0, at);
        out = bigger;
      }
    }
    if (text.length > 0) at += out.write(text, at, 'utf8');
    out[at++] = 10;
  };
  const notes: ChunkResult['notes'] = [];
  const unshown = new Map<string, number>();
  const perCode = new Map<string, number>();
  const said = new Set<string>();
  const keys: ChunkResult['keys'] = [];
  let records = 0;
  let failed = 0;
  let index = -1;
  for (const line of lines) {
    index += 1;
    if (typeof line === 'string' && isBlank(line)) {
      writeLine('');
      continue;
    }
    records += 1;
    const result = resultOf(job, line);
    if (result.failed) failed += 1;
    writeLine(result.out);
    for (const note of result.notes ?? []) {
      if (note.key !== undefined) {
        if (said.has(note.key)) continue;
        said.add(note.key);
      }
      // The job made the note for this result alone: it is numbered in place, not copied.
      const numbered = note as Note & { index: number };
      numbered.index = index;
      notes.push(numbered);
    }
    const diagnostics = result.diagnostics;
    if (diagnostics !== undefined) {
      for (let d = 0; d < diagnostics.length; d++) {
        const diagnostic = diagnostics[d] as Diagnostic;
        const seen = perCode.get(diagnostic.code) ?? 0;
        perCode.set(diagnostic.code, seen + 1);
        if (seen < limitOf(diagnostic.code)) notes.push({ text: diagnosticLine(diagnostic), code: diagnostic.code, index });
      }
    }
    if (result.declined) for (const [code, count] of result.declined) unshown.set(code, (unshown.get(code) ?? 0) + count);
    if (result.contentKey !== undefined) keys.push({ index, key: result.contentKey });
  }
  // Past the limit, a code's diagnostics were counted, not made into lines.
  for (const [code, seen] of perCode) {
    const limit = limitOf(code);
    if (seen > limit) unshown.set(code, (unshown.get(code) ?? 0) + seen - limit);
  }
  return { out: out.subarray(0, at), lines: index + 1, records, failed, notes, unshown, keys };
}

function asBuffer(memory: Uint8Array): Buffer {
  return Buffer.isBuffer(memory) ? memory : Buffer.from(memory.buffer, memory.byteOffset, memory.byteLength);
}
