/**
 * Opening a dataset file: a Web Worker indexes and fingerprints it as a stream (progress shown,
 * cancellable), the page shows the first record as soon as the index is there, and the records
 * are then checked for the list (dataset-checks.ts: this worker and a second one, again whenever
 * the check profile changes). The original `File` is kept in the store for slicing: records are
 * read from it when shown, and the export is cut from it.
 */
import { formatBytes } from '../files/limits.ts';
import { RecordIndex } from '../../core/index.ts';
import { listedIds, readingRefusal, readRecordInput, registerDatasetFixRunner, useAppStore, type DatasetFile } from '../store/index.ts';
import { appendIndexPart } from './parquet/growing-index.ts';
import { onDemandFile, onDemandRows } from './parquet/on-demand.ts';
import { datasetFormatOffer, MODEL_OFFER_RECORDS } from '../files/format-offer.ts';
import { startDatasetChecks, wantsHelper, type DatasetChecks } from './dataset-checks.ts';
import './engine.ts';
import { indexFromMessage } from './index-message.ts';
import { startDatasetPersistence } from './persistence/dataset-persistence.ts';
import { runFixKind } from './fix-runner.ts';
import type { DatasetFormat, FromWorker, ToWorker } from './protocol.ts';
import { setParquetOrigin } from './parquet/parquet-origin.ts';
import { shardsSize, type ShardSpec } from './parquet/shards.ts';
import { rowsFromIndex } from './rows.ts';
import { CONTENT_BATCH } from './worker-logic.ts';

export interface DatasetOpenResult {
  ok: boolean;
  message: string;
}

interface Active {
  worker: Worker;
  /** Settles the pending open as cancelled, or stops the checks once it is open. */
  cancel: () => void;
  /** Reads every row of a dataset opened on demand (the person's choice); absent otherwise. */
  readAll?: () => void;
  /** The records' checks, once the file is indexed. */
  checks?: DatasetChecks;
}

let active: Active | null = null;

/** The dataset format a file name implies: `.json` files hold an array of records, anything else is JSON Lines. */
export function datasetFormatOf(name: string): DatasetFormat {
  return /\.json$/i.test(name) ? 'json-array' : 'jsonl';
}

/** The worker that holds the open dataset (for later requests such as search), if any. */
export function datasetWorker(): Worker | null {
  return active?.worker ?? null;
}

/**
 * Read every row of the Parquet dataset opened on demand (a remote split): the person chose it,
 * the size shown by the Read all button. The rows read so far, edits and the open record stay;
 * whole-dataset work (checks, search, lengths, export) is possible once every row is read.
 */
export function readAllRows(): void {
  active?.readAll?.();
}

/** Stop opening (or checking) the current file: before its index is there, nothing changes. */
export function cancelDatasetOpen(): void {
  active?.cancel();
}


const newWorker = (name: string): Worker => new Worker(new URL('./dataset.worker.ts', import.meta.url), { type: 'module', name });

/** Open `file` as a dataset; resolves when its first record is shown (or it could not be opened). */
export function openDatasetFile(file: Blob, name: string, format: DatasetFormat = datasetFormatOf(name), parquet = false): Promise<DatasetOpenResult> {
  if (parquet) return openParquetDataset([{ name, blob: file }], name);
  return openInWorker({ type: 'open', file, format }, name, file.size, file);
}

export interface ParquetOpenOptions {
  /** The conversation columns to read records from; default: detected (parquet-columns.ts). */
  columns?: string[];
  /**
   * Read every row group of a remote dataset (its conversation columns are downloaded): the
   * person's choice, asked with the size shown. Without it a remote dataset opens on demand
   * (parquet/on-demand.ts): only the rows shown are fetched. A local one is always read.
   */
  readAll?: boolean;
}

/**
 * Open a Parquet dataset: one file, or the files of a split in order (0000.parquet,
 * 0001.parquet, …) read as one, each local (a File) or remote (HTTP ranges). Resolves when the
 * first record is shown, or with why not.
 */
export function openParquetDataset(shards: ShardSpec[], name: string, options: ParquetOpenOptions = {}): Promise<DatasetOpenResult> {
  // End-to-end tests slow the reading down (protocol.ts OpenParquetRequest.groupDelayMs).
  const delay = (globalThis as { __parleyParquetGroupDelayMs?: unknown }).__parleyParquetGroupDelayMs;
  const request: ToWorker = {
    type: 'open-parquet',
    shards,
    readAll: options.readAll ?? false,
    ...(options.columns ? { columns: options.columns } : {}),
    ...(typeof delay === 'number' && delay > 0 ? { groupDelayMs: delay } : {}),
  };
  return openInWorker(request, name, shardsSize(shards), undefined);
}

let nextAsk = 0;

/**
 * The JSON texts of records `ids` of the open Parquet dataset, read by its worker from their row
 * groups (a few kept); `worker`: that dataset's own (a dataset read on demand asks its worker, never a later one's).
 */
export function readParquetRecords(ids: number[], worker: Worker | undefined = active?.worker): Promise<string[]> {
  if (!worker) return Promise.reject(new Error('No Parquet dataset is open.'));
  const ask = nextAsk++;
  return new Promise<string[]>((resolve, reject) => {
    const listener = (event: MessageEvent<FromWorker>): void => {
      const message = event.data;
      if ((message.type !== 'parquet-records' && message.type !== 'parquet-records-failed') || message.ask !== ask) return;
      worker.removeEventListener('message', listener as EventListener);
      if (message.type === 'parquet-records') resolve(message.texts);
      else reject(new Error(message.message));
    };
    worker.addEventListener('message', listener as EventListener);
    const request: ToWorker = { type: 'parquet-records', ask, ids };
    worker.postMessage(request);
  });
}

/** The file (or the JSON Lines made from a Parquet dataset) opened by a new dataset worker. */
function openInWorker(request: ToWorker, name: string, size: number, file: Blob | undefined): Promise<DatasetOpenResult> {
  /** What the dataset reads its records from: the file, or the JSON Lines made from a Parquet dataset (parquet/read-parquet.ts). */
  let source: Blob | undefined = file;
  /** A Parquet dataset's footers, once read ('parquet-opened'). */
  let parquet: Extract<FromWorker, { type: 'parquet-opened' }> | undefined;
  // The last Parquet origin is kept until a new one replaces it: it holds only for the dataset
  // whose source is its lines (parquetOriginOf), so a dataset still shown while another file
  // fails to open keeps its Parquet export and column choice.
  // Another file replaces this one: its opening stops and its worker ends (cancel alone keeps a checked file's worker).
  const previous = active;
  previous?.cancel();
  previous?.checks?.end();
  previous?.worker.terminate();
  const store = useAppStore.getState;
  store().setDatasetProgress({ phase: 'indexing', done: 0, total: size, name, cancel: cancelDatasetOpen });
  const worker = newWorker('parley-dataset');
  return new Promise<DatasetOpenResult>((resolve) => {
    let settled = false;
    let opened = false;
    /** A Parquet dataset shown on its first rows while the worker reads the others: what the store was given last, its index grown part by part. */
    let growing: { shown: DatasetFile; records: RecordIndex } | undefined;
    /**
     * A remote Parquet dataset opened on demand (parquet/on-demand.ts): every row there, each read
     * when shown; `readingAll` once the person chose to read every row (parts are not shown then:
     * the rows are there already; the dataset is replaced by its JSON Lines when all are read).
     */
    let demand: { rowsRead: number; bytes: number; rows: number; readingAll: boolean } | undefined;
    /** The dataset is this open's, still in the store: a part for another is dropped. */
    const ours = (): boolean => growing !== undefined && store().dataset === growing.shown;
    const finish = (result: DatasetOpenResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const stop = (): void => {
      self.checks?.end();
      worker.terminate();
      if (active?.worker === worker) active = null;
      store().setDatasetProgress(null);
    };
    const fail = (title: string): void => {
      stop();
      store().showNotice({ tone: 'error', title });
      finish({ ok: false, message: title });
    };
    /** The store's dataset grown to `file` (entries from `from` on new); `growing.shown` follows it. */
    const grow = (file: DatasetFile, from: number): void => {
      if (!growing) return;
      store().growDataset(file, rowsFromIndex(file.index, from));
      growing.shown = file;
    };
    /** Back to reading on demand (reading every row stopped or failed): the rows read so far said again. */
    const backOnDemand = (): void => {
      if (!demand) return;
      demand.readingAll = false;
      store().setDatasetProgress(null);
      if (ours()) store().setDatasetReading({ done: demand.rowsRead, total: demand.rows, stopped: false, onDemand: { bytes: demand.bytes } });
    };
    const self: Active = {
      worker,
      readAll: () => {
        if (!demand || demand.readingAll || !ours()) return;
        demand.readingAll = true;
        store().setDatasetReading({ done: 0, total: demand.rows, stopped: false });
        store().setDatasetProgress({ phase: 'rows', done: 0, total: demand.rows, name, cancel: cancelDatasetOpen });
        worker.postMessage({ type: 'read-all' } satisfies ToWorker);
      },
      cancel: () => {
        // Read on demand, nothing under way: nothing to stop.
        if (demand && !demand.readingAll) return;
        if (growing && store().datasetReading?.stopped === false) {
          // The rows read stay; the worker stops after its row group ('parquet-stopped').
          worker.postMessage({ type: 'stop-reading' } satisfies ToWorker);
        } else if (opened) {
          // The worker stays: it holds the file for later requests (fix all of a kind, search).
          self.checks?.stop();
        } else {
          stop();
          store().showNotice({ tone: 'info', title: `Opening ${name} was cancelled. Nothing was changed.` });
          finish({ ok: false, message: 'cancelled' });
        }
      },
    };
    active = self;

    /**
     * A remote dataset the person did not choose to read whole: opened from its footers, every
     * row listed, record 0 read (its block) and shown; other rows are read when shown.
     */
    const openOnDemand = (message: Extract<FromWorker, { type: 'parquet-opened' }>, shards: ShardSpec[]): void => {
      if (message.rows === 0) {
        fail(`${name} has no records. Nothing was changed.`);
        return;
      }
      // The dataset's source until every row is read: the Parquet origin's, so that rows are said by row and the export offers Parquet.
      const placeholder = new Blob([], { type: 'application/jsonl' });
      setParquetOrigin({ shards, columns: message.columns, candidates: message.candidates, how: message.how, jsonl: placeholder });
      const readRow = async (id: number): Promise<string> => {
        const [text] = await readParquetRecords([id], worker);
        if (text === undefined) throw new RangeError(`row ${id} was not read`);
        return text;
      };
      const shown = onDemandFile(name, size, message.rows, placeholder, readRow);
      demand = { rowsRead: 0, bytes: message.bytes, rows: message.rows, readingAll: false };
      store().openDataset(shown, onDemandRows(message.rows));
      store().setDatasetReading({ done: 0, total: message.rows, stopped: false, onDemand: { bytes: message.bytes } });
      store().setDatasetProgress(null);
      growing = { shown, records: shown.index.records };
      opened = true;
      const title = `Opened ${name} (${formatBytes(size)}) on demand: ${message.rows.toLocaleString('en')} rows, only the rows shown are downloaded.`;
      store().showNotice({ tone: 'success', title });
      store()
        .goto(0)
        .then(
          () => finish({ ok: true, message: title }),
          (thrown: unknown) => {
            store().closeDataset();
            fail(`${name} could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}. Nothing was changed.`);
          },
        );
    };

    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      switch (message.type) {
        case 'progress':
          if (message.phase === 'checking') self.checks?.handle(0, message);
          else store().setDatasetProgress({ phase: message.phase, done: message.done, total: message.total, name, cancel: cancelDatasetOpen });
          // Reading every row of a dataset opened on demand: no parts come, the progress says how far.
          if (demand?.readingAll && message.phase === 'rows' && ours()) store().setDatasetReading({ done: message.done, total: message.total, stopped: false });
          break;
        case 'parquet-opened':
          // Said again when every row of a dataset opened on demand is read: it is open already.
          if (demand) break;
          parquet = message;
          if (!message.reading && request.type === 'open-parquet') openOnDemand(message, request.shards);
          break;
        case 'parquet-records':
          // What is read so far, for the refusals of whole-dataset work (the answer itself goes to its asker).
          if (demand && message.rowsRead !== undefined && message.rowsRead !== demand.rowsRead) {
            demand.rowsRead = message.rowsRead;
            const reading = store().datasetReading;
            if (ours() && reading?.onDemand) store().setDatasetReading({ ...reading, done: message.rowsRead });
          }
          break;
        case 'parquet-part': {
          // Every row of a dataset read on demand is there already: the whole comes with 'indexed'.
          if (demand) break;
          source = message.jsonl;
          // The rows read are a Parquet dataset's from the start: said by row, its column offered (the export waits for every row).
          if (request.type === 'open-parquet' && parquet) setParquetOrigin({ shards: request.shards, columns: parquet.columns, candidates: parquet.candidates, how: parquet.how, jsonl: message.jsonl });
          if (!growing) {
            if (opened) break;
            const records = new RecordIndex();
            appendIndexPart(records, message.part);
            const shown: DatasetFile = { name, size: message.size, format: 'jsonl', source, index: { format: 'jsonl', records, bomLength: 0, size: message.size }, fingerprint: { size: message.size, hash: '' }, count: records.count };
            // Not yet the file's fingerprint (every row's bytes): the saved work is looked for once every row is read (persistence waits for datasetReading to end).
            store().openDataset(shown, rowsFromIndex(shown.index));
            store().setDatasetReading({ done: message.rowsRead, total: message.rows, stopped: false });
            growing = { shown, records };
            const first = listedIds(store())[0];
            if (first === undefined) break;
            opened = true;
            const title = `Opened ${name} (${formatBytes(size)}): showing its rows as they are read, ${message.rowsRead.toLocaleString('en')} of ${message.rows.toLocaleString('en')} so far.`;
            store().showNotice({ tone: 'success', title });
            void store()
              .goto(first)
              .then(() => finish({ ok: true, message: title }));
            break;
          }
          if (!ours()) break;
          const from = growing.records.count;
          appendIndexPart(growing.records, message.part);
          grow({ ...growing.shown, source, size: message.size, index: { format: 'jsonl', records: growing.records, bomLength: 0, size: message.size }, count: growing.records.count }, from);
          store().setDatasetReading({ done: message.rowsRead, total: message.rows, stopped: false });
          break;
        }
        case 'parquet-stopped': {
          if (!ours()) break;
          if (demand) {
            backOnDemand();
            store().showNotice({ tone: 'info', title: `Stopped reading every row of ${name}: it is read on demand again, only the rows shown are downloaded.` });
            break;
          }
          store().setDatasetReading({ done: message.rowsRead, total: message.rows, stopped: true });
          store().setDatasetProgress(null);
          store().showNotice({ tone: 'info', title: `Stopped reading ${name}: ${readingRefusal(store(), 'Checking, search, lengths and export') ?? ''} The ${message.rowsRead.toLocaleString('en')} rows read stay open.` });
          break;
        }
        case 'parquet-read':
          source = message.jsonl;
          // Read on demand: the origin moves to the JSON Lines with the dataset's source ('indexed'), so rows stay said by row.
          if (request.type === 'open-parquet' && parquet && !demand) setParquetOrigin({ shards: request.shards, columns: message.columns, candidates: parquet.candidates, how: parquet.how, jsonl: message.jsonl });
          break;
        case 'indexed': {
          const index = indexFromMessage(message);
          if (index.format === 'json-array' && index.error) {
            fail(`${name} is not an array of records: ${index.error.message}. Nothing was changed.`);
            return;
          }
          if (!source) {
            fail(`${name} could not be read: its records were not made. Nothing was changed.`);
            return;
          }
          const file: DatasetFile = { name, size: message.size, format: message.format, source, index, fingerprint: message.fingerprint, count: index.records.count };
          if (growing) {
            // A Parquet dataset shown on its first rows: the last ones added, then checked as a whole.
            if (!ours()) return;
            if (demand && request.type === 'open-parquet' && parquet) {
              // Read on demand until now: the same ids, now over every row's JSON Lines (no row is new).
              setParquetOrigin({ shards: request.shards, columns: parquet.columns, candidates: parquet.candidates, how: parquet.how, jsonl: source });
              demand = undefined;
            }
            grow(file, growing.records.count);
            store().setDatasetReading(null);
          } else store().openDataset(file, rowsFromIndex(index));
          const first = listedIds(store())[0];
          if (first === undefined) {
            store().closeDataset();
            fail(`${name} has no records. Nothing was changed.`);
            return;
          }
          opened = true;
          // Checked by this worker and, on a machine with more than one core, a second one.
          const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
          self.checks = startDatasetChecks({
            primary: worker,
            file: source,
            index: message,
            name,
            helper: wantsHelper(index.records.count, cores, CONTENT_BATCH) ? () => newWorker('parley-dataset-checks') : null,
            onFailed: (reason) => {
              stop();
              store().showNotice({ tone: 'error', title: `Checking the records of ${name} failed: ${reason}` });
            },
          });
          const count = listedIds(store()).length;
          const title = `Opened ${name} (${formatBytes(parquet ? size : message.size)}): ${count === 1 ? '1 record' : `${count.toLocaleString('en')} records`}.`;
          store().showNotice({ tone: 'success', title });
          void offerModelFormat(title);
          // Shown on its first rows already: the record in the editors stays.
          if (growing) break;
          void store()
            .goto(first)
            .then(() => finish({ ok: true, message: title }));
          break;
        }
        case 'contents':
        case 'checked':
          self.checks?.handle(0, message);
          break;
        case 'failed':
          if (demand?.readingAll) {
            backOnDemand();
            store().showNotice({ tone: 'error', title: `Reading every row of ${name} failed: ${message.message}. It is read on demand again; nothing was changed.` });
            break;
          }
          if (opened) {
            stop();
            store().showNotice({ tone: 'error', title: `Checking the records of ${name} failed: ${message.message}` });
          } else fail(`${name} could not be read: ${message.message}. Nothing was changed.`);
          break;
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(`${name} could not be read: ${event.message || 'the reading worker stopped'}. Nothing was changed.`);
    };
    worker.postMessage(request);
  });
}

// "Fix all of this kind" across the dataset runs in the worker that holds the file.
// Not while a Parquet dataset's rows are still read: a count over part of them would look whole.
registerDatasetFixRunner((input, onProgress) => {
  const refusal = readingRefusal(useAppStore.getState(), 'Fixing all of a kind');
  if (refusal) return { result: Promise.reject(new Error(refusal)), cancel: () => undefined };
  return runFixKind(datasetWorker(), input, onProgress);
});

// Leaving dataset mode (another file, an example, New) ends the worker that held its file,
// and a fix count or apply still running for it.
useAppStore.subscribe((state, previous) => {
  if (previous.dataset && state.dataset !== previous.dataset) state.datasetTask?.cancel();
  if (previous.dataset && !state.dataset && !state.datasetProgress && active) {
    active.checks?.end();
    active.worker.terminate();
    active = null;
  }
});

// The dataset's work is kept in IndexedDB and restored on re-opening (src/app/dataset/persistence).
startDatasetPersistence();

/**
 * The model the dataset's first records name, offered as a format in the opening notice (issue
 * 24, files/format-offer.ts), without switching. Not said when the records cannot be read (the
 * list says why) or another dataset opened meanwhile.
 */
async function offerModelFormat(title: string): Promise<void> {
  const store = useAppStore.getState;
  const state = store();
  const { dataset } = state;
  if (!dataset) return;
  try {
    const ids = listedIds(state).slice(0, MODEL_OFFER_RECORDS);
    const records = await Promise.all(ids.map((id) => readRecordInput(state, id)));
    const offer = datasetFormatOffer(records, store().formatId);
    if (offer && store().dataset === dataset && store().notice?.title === title) store().showNotice({ tone: 'success', title, offer });
  } catch {
    // No offer: the records are read and checked as always.
  }
}
