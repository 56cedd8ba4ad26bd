/**
 * The lengths worker: measures every record of the open file (characters of the render,
 * messages, turns, tokens with the chosen tokenizer, the token lint rules) in the background,
 * with progress and cancel. Its own worker, so that tokenizing a whole dataset (about 1 MB/s)
 * never holds up the dataset worker's checks or a search.
 */
/// <reference lib="webworker" />
import { findFormat, RecordIndex } from '../../../core/index.ts';
import { loadTokenizer, type Tokenizer } from '../../../core/tokens/index.ts';
import { readFiles } from '../../tokens/read-source.ts';
import { measureAll, measurer, type Measurer } from './lengths-logic.ts';
import type { FromLengthsWorker, ToLengthsWorker } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromLengthsWorker): void => self.postMessage(message);

/** The run under way and what it measures with (for edited records too). */
let current: { run: number; measure: Measurer } | undefined;
const cancelled = new Set<number>();
/** The open record's measure asked for before its run's tokenizer was loaded: answered once it is (start). */
let pendingRecord: Extract<ToLengthsWorker, { type: 'measure-record' }> | undefined;
/** The loaded tokenizer, by where it came from: a second pass with the same one does not load it again. */
let loaded: { key: string; tokenizer: Tokenizer } | undefined;

async function tokenizerOf(message: Extract<ToLengthsWorker, { type: 'start' }>): Promise<Tokenizer | undefined> {
  const source = message.tokenizer;
  if (!source) return undefined;
  const key = source.kind === 'shipped' ? `shipped:${source.id}` : source.kind === 'hub' ? `hub:${source.modelId}` : `files:${source.files.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|')}`;
  if (loaded?.key !== key) {
    const { files, name } = await readFiles(source);
    loaded = { key, tokenizer: loadTokenizer(files, name) };
  }
  post({ type: 'tokenizer', run: message.run, name: loaded.tokenizer.name });
  return loaded.tokenizer;
}

async function start(message: Extract<ToLengthsWorker, { type: 'start' }>): Promise<void> {
  const { run, file } = message;
  await findFormat(message.profile.formatId)?.prepare?.();
  const tokenizer = await tokenizerOf(message);
  if (cancelled.has(run)) return;
  const measure = measurer(message.profile, tokenizer, message.mask);
  current = { run, measure };
  if (pendingRecord?.run === run) measureRecord(pendingRecord);
  pendingRecord = undefined;
  const records = RecordIndex.fromData(message.records);
  const lineOf = (i: number): number => message.lines?.[i] ?? i + 1;
  const total = records.count;
  const finished = await measureAll(
    { count: total, start: (i) => records.start(i), end: (i) => records.end(i), blank: (i) => records.blank(i) },
    {
      read: async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
      measure: (bytes, i) => measure.bytes(bytes, lineOf(i)),
      emit: (from, rows) => post({ type: 'rows', run, from, rows }),
      onProgress: (done) => post({ type: 'progress', run, done, total }),
      cancelled: () => cancelled.has(run),
      // A macrotask between batches: a cancel or an edited record is read before the next one.
      pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
    },
    message.from,
  );
  if (finished) post({ type: 'done', run });
}

/** The open record, measured with the run's choices (before the file's records: it is what the person looks at). */
function measureRecord(message: Extract<ToLengthsWorker, { type: 'measure-record' }>): void {
  if (current?.run !== message.run) {
    pendingRecord = message;
    return;
  }
  try {
    post({ type: 'record', run: message.run, request: message.request, row: current.measure.record(message.record) ?? null });
  } catch (thrown) {
    post({ type: 'failed', run: message.run, message: thrown instanceof Error ? thrown.message : String(thrown) });
  }
}

self.onmessage = (event: MessageEvent<ToLengthsWorker>) => {
  const message = event.data;
  const reason = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));
  switch (message.type) {
    case 'start':
      start(message).catch((thrown: unknown) => post({ type: 'failed', run: message.run, message: reason(thrown) }));
      break;
    case 'measure-texts': {
      if (current?.run !== message.run) break;
      const { measure } = current;
      try {
        post({ type: 'texts', run: message.run, rows: message.items.map(({ id, text, line }) => [id, measure.text(text, line) ?? null]) });
      } catch (thrown) {
        post({ type: 'failed', run: message.run, message: reason(thrown) });
      }
      break;
    }
    case 'measure-record':
      measureRecord(message);
      break;
    case 'cancel':
      cancelled.add(message.run);
      break;
  }
};
