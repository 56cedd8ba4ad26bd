/**
 * `parley convert --output FILE.parquet`: the converted records written as Parquet, a row
 * group each time ROW_GROUP_TEXT_BYTES of records are converted (the input read a Parquet row
 * group, or about CHUNK_BYTES of JSON Lines, at a time), so that memory holds one row group
 * whatever the input's size. From Parquet, the other columns are kept
 * (core's ParquetOutput: schema, order, values); a file that cannot be written whole is removed,
 * never left half written.
 */
import { rm } from 'node:fs/promises';
import { fileWriter } from 'hyparquet-writer';
import { ParquetOutput, ParquetOutputError, parquetOrigin, type OutputWindow } from '../core/index.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from './errors.ts';
import { inputName, writeErr, writeErrText } from './io.ts';
import { eachChunkLine, overlongLine, readLineChunks } from './line-chunks.ts';
import { runLines, type ChunkLine, type LineJob } from './line-job.ts';
import { openParquetInput, isParquetFile } from './parquet-input.ts';
import { unshownSummary } from './jsonl-run.ts';

/**
 * The records' JSON text an output row group holds before it is written: 32 MB (about 16,000
 * chats of 2 kB). The writer holds a row group whole (its rows, then its encoded pages) until
 * it is written, so this bounds the command's memory whatever the input's size (a few times
 * this, with an input row group); and readers read a row group at a time, so a group of 32 MB
 * of text (about 10 MB compressed) keeps theirs under the 128 MB that the Hub's files and
 * Parley's app expect. From Parquet, a larger input row group is written as one group (it is
 * read whole anyway). Raise it here for fewer, larger row groups.
 */
export const ROW_GROUP_TEXT_BYTES = 32 * 1024 * 1024;

export interface ParquetWriteRun {
  command: string;
  file: string | undefined;
  output: string;
  job: LineJob;
  noteLimit: number;
  columns?: readonly string[] | undefined;
}

/** A window of input: the source rows (Parquet: every column; JSON Lines: none) and each record's text. */
interface InputWindow {
  start: number;
  rows: Record<string, unknown>[];
  lines: ChunkLine[];
}

export async function runParquetWrite(run: ParquetWriteRun): Promise<number> {
  const name = inputName(run.file);
  const parquet = isParquetFile(run.file) ? await openParquetInput(run.file, run.command, run.columns) : undefined;
  const writer = fileWriter(run.output);
  const output = new ParquetOutput(writer, parquet ? parquetOrigin(parquet.source.metadata, parquet.source.conversation.names) : undefined);
  const written = new Map<string, number>();
  const unshown = new Map<string, number>();
  /** Notes with a key are said once per run (the dialect line). */
  const said = new Set<string>();
  let records = 0;
  let failed = 0;
  /** Rows converted but not yet written: one output row group, written when it fills (ROW_GROUP_TEXT_BYTES). */
  let group: OutputWindow = { rows: [], records: [], start: 0 };
  let groupBytes = 0;
  /** The lines on stderr about the rows of `group`, said once they are written: a refused column is then the only thing said. */
  let groupNotes = '';
  const writeGroup = async (): Promise<void> => {
    await output.write(group);
    await writeErrText(groupNotes);
    group = { rows: [], records: [], start: group.start + group.records.length };
    groupBytes = 0;
    groupNotes = '';
  };
  try {
    for await (const window of parquet ? parquetWindows(parquet.source) : jsonlWindows(run.file, run.command)) {
      const result = runLines(run.job, window.lines, run.noteLimit, {}, written);
      const outs = Buffer.from(result.out).toString('utf8').split('\n');
      window.lines.forEach((line, i) => {
        // A blank JSON Lines line holds no record: no row.
        if (typeof line === 'string' && line.trim() === '') return;
        const out = outs[i] ?? 'null';
        (group.rows as Record<string, unknown>[]).push(window.rows[i] ?? {});
        (group.records as (Record<string, unknown> | null)[]).push(out === 'null' ? null : (JSON.parse(out) as Record<string, unknown>));
        groupBytes += out.length;
      });
      for (const note of result.notes) {
        if (note.key !== undefined) {
          if (said.has(note.key)) continue;
          said.add(note.key);
        }
        if (note.code !== undefined) written.set(note.code, (written.get(note.code) ?? 0) + 1);
        const place = parquet ? `: row ${window.start + note.index}` : `:${window.start + note.index + 1}`;
        groupNotes += `${note.lead ?? ''}${name}${place}: ${note.text}\n`;
      }
      for (const [code, count] of result.unshown) unshown.set(code, (unshown.get(code) ?? 0) + count);
      records += result.records;
      failed += result.failed;
      if (groupBytes >= ROW_GROUP_TEXT_BYTES) await writeGroup();
    }
    await writeGroup();
    await output.finish();
  } catch (error) {
    await rm(run.output, { force: true });
    if (error instanceof ParquetOutputError) throw new CliError(`${run.command}: ${run.output} not written: ${error.message}`);
    throw error;
  } finally {
    await parquet?.close();
  }
  writeErr(`${run.command}: ${records} record${records === 1 ? '' : 's'} from ${name} written to ${run.output}, ${failed} with errors`);
  if (unshown.size > 0) writeErr(unshownSummary(run.command, unshown, run.noteLimit));
  return failed > 0 ? EXIT_ERRORS : EXIT_OK;
}

async function* parquetWindows(source: import('../core/index.ts').ParquetSource): AsyncGenerator<InputWindow> {
  for (let g = 0; g < source.rowGroups.length; g++) {
    const rows = await source.readRowGroup(g);
    yield { start: source.rowGroups[g]?.start ?? 0, rows, lines: rows.map((row) => JSON.stringify(source.recordOf(row))) };
  }
}

/** JSON Lines in chunks of whole lines; `start` is the 0-based line of the chunk's first. */
async function* jsonlWindows(file: string | undefined, command: string): AsyncGenerator<InputWindow> {
  let start = 0;
  for await (const chunk of readLineChunks(file, command)) {
    const lines = Buffer.isBuffer(chunk) ? [...eachChunkLine(chunk)] : [overlongLine(chunk)];
    yield { start, rows: [], lines };
    start += lines.length;
  }
}
