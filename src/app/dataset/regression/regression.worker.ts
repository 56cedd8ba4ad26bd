/**
 * The template regression's worker: renders every record of the open file two ways and
 * compares them (regression-logic.ts), in the background, with progress and cancel. Its own
 * worker, so that a slow template never holds up the dataset's checks, a search or the lengths.
 * A Jinja side renders within the format's step budget (its default: 1,000,000 steps plus
 * 10,000 a message), so a template that loops forever is that record's error, not a hang.
 * The records are those Save would write: an edited record's text instead of its bytes, no
 * deleted record, the added ones after the file's.
 */
/// <reference lib="webworker" />
import { dialectContextOf, findFormat, RecordIndex, type Format, type OptionValues } from '../../../core/index.ts';
import { loadTokenizer, type Tokenizer } from '../../../core/tokens/index.ts';
import { readFiles } from '../../tokens/read-source.ts';
import type { TokenizerSource } from '../../tokens/protocol.ts';
import { measureAll } from '../lengths/lengths-logic.ts';
import type { FromRegressionWorker, ToRegressionWorker } from './protocol.ts';
import { comparer, maskOptionsOf, type RegressionRow, type RegressionSide } from './regression-logic.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromRegressionWorker): void => self.postMessage(message);
const cancelled = new Set<number>();
/** Loaded tokenizers by shipped id: a second pass does not load them again. */
const tokenizers = new Map<string, Tokenizer>();

async function tokenizerOf(source: TokenizerSource): Promise<Tokenizer> {
  const key = source.kind === 'shipped' ? source.id : source.kind === 'hub' ? source.modelId : source.files.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|');
  let tokenizer = tokenizers.get(key);
  if (!tokenizer) {
    const { files, name } = await readFiles(source);
    tokenizer = loadTokenizer(files, name);
    tokenizers.set(key, tokenizer);
  }
  return tokenizer;
}

async function formatOf(side: RegressionSide): Promise<Format<OptionValues>> {
  const format = findFormat(side.formatId);
  if (!format) throw new Error(`Unknown format "${side.formatId}".`);
  await format.prepare?.();
  return format;
}

async function start(message: Extract<ToRegressionWorker, { type: 'start' }>): Promise<void> {
  const { run, file, sides, edits } = message;
  const formats = await Promise.all(sides.map(formatOf));
  const loaded = message.tokenizers ? ((await Promise.all(message.tokenizers.map(tokenizerOf))) as [Tokenizer, Tokenizer]) : undefined;
  if (cancelled.has(run)) return;
  const compare = comparer(
    dialectContextOf(message.profile),
    [
      { format: formats[0] as Format<OptionValues>, options: sides[0].options, mask: maskOptionsOf(sides[0].mask) },
      { format: formats[1] as Format<OptionValues>, options: sides[1].options, mask: maskOptionsOf(sides[1].mask) },
    ],
    loaded,
  );
  const records = RecordIndex.fromData(message.records);
  const lineOf = (i: number): number => message.lines?.[i] ?? i + 1;
  const total = records.count + edits.added.length;
  const read = async (from: number, to: number): Promise<Uint8Array> => new Uint8Array(await file.slice(from, to).arrayBuffer());
  const finished = await measureAll<RegressionRow>(
    // A deleted record is as a blank line: no row.
    { count: records.count, start: (i) => records.start(i), end: (i) => records.end(i), blank: (i) => records.blank(i) || edits.deleted.has(i) },
    {
      read,
      measure: (bytes, i) => {
        const edited = edits.edited.get(i);
        return edited === undefined ? compare.bytes(bytes, lineOf(i)) : compare.text(edited, lineOf(i));
      },
      emit: (from, rows) => post({ type: 'rows', run, from, rows }),
      onProgress: (done) => post({ type: 'progress', run, done, total }),
      cancelled: () => cancelled.has(run),
      // A macrotask between batches: a cancel is read before the next one.
      pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
      // Renders are slower than measuring: smaller batches keep the progress moving.
      batch: 200,
    },
  );
  if (!finished) return;
  // The added records, after the file's: an edited one by its text, a copy by its original's bytes.
  for (const [k, added] of edits.added.entries()) {
    if (cancelled.has(run)) return;
    const text = edits.edited.get(added.id);
    const row = text !== undefined ? compare.text(text, added.line) : added.copyOf !== undefined ? compare.bytes(await read(records.start(added.copyOf), records.end(added.copyOf)), added.line) : undefined;
    post({ type: 'rows', run, from: added.id, rows: [row ?? null] });
    post({ type: 'progress', run, done: records.count + k + 1, total });
  }
  post({ type: 'done', run });
}

self.onmessage = (event: MessageEvent<ToRegressionWorker>) => {
  const message = event.data;
  if (message.type === 'cancel') {
    cancelled.add(message.run);
    return;
  }
  start(message).catch((thrown: unknown) => post({ type: 'failed', run: message.run, message: thrown instanceof Error ? thrown.message : String(thrown) }));
};
