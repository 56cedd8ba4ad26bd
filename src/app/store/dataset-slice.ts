/**
 * The dataset slice: a file of many records around the one record being edited.
 *
 * CONTRACT (other features plug in here; keep it stable):
 * - `dataset === null` is single-record mode, exactly as before. Otherwise a dataset is open:
 *   `dataset` (name, size, fingerprint, the original `source` Blob and its core `index`),
 *   `datasetRows[id]` (line, blank, status, summary/codes or problem), `datasetChanges`
 *   (edited texts, deleted, inserted, copies; see dataset-model.ts for record ids),
 *   `datasetOrder` (ids in file order, listed ones only) and `viewOrder` (what the list shows;
 *   null = `datasetOrder`). `currentRecord` is the id in the editors.
 * - The record being edited is the store's `record`, as in single-record mode (editors, preview,
 *   undo, autosave use it). `goto(id)` commits it first (`commitCurrent`: re-encoded in its own
 *   dialect with encodeRecordLine, stored only if it changed), loads the next one and clears
 *   the record's undo history: undo never silently crosses into another record.
 * - Dataset-level steps (`applyBulkEdit`, `deleteRecord`, `duplicateRecord`) are undoable as one
 *   step each: store/undo.ts undoes the record's own history first, then these, and says which.
 * - `setViewOrder(order)`: a filter or sort sets the ids to list (null: all, file order).
 * - `applyBulkEdit(changes, label)`: new texts (one JSON line each) by id, one undoable step
 *   (search-replace, "fix all"). `setStatus`, `deleteRecord`, `duplicateRecord`, `goto` as named.
 * - `datasetEdits()` (exported below) gives core's DatasetEdits for writeDataset;
 *   `restoreDataset(changes, marks)` puts saved ones back (persistence).
 * Decoding and encoding need the codecs, which are not part of the start-up JavaScript: the
 * dataset pipeline (src/app/dataset/engine.ts) registers them with `registerDatasetEngine`
 * before any dataset opens.
 */
import type { StateCreator } from 'zustand';
import {
  conversation,
  numberSpellings,
  stringifyJson,
  type DatasetEdits,
  type DatasetIndex,
  type Diagnostic,
  type FileFingerprint,
  type LintRules,
  type ParleyRecord,
  type RecordDecodeResult,
} from '../../core/index.ts';
import { formatBytes } from '../files/limits.ts';
import { deepFreeze } from './deep-freeze.ts';
import { breakCoalescing } from './history.ts';
import {
  fileOrder,
  NO_CHANGES,
  toDatasetEdits,
  withDeleted,
  withDuplicate,
  withIdAfter,
  withoutId,
  withTexts,
  type DatasetChanges,
  type DatasetRow,
  type RecordStatus,
  type RowContent,
  withMark,
} from './dataset-model.ts';
import type { RowMark } from '../review/row-mark.ts';
import type { AppState } from './store.ts';

export type { DatasetChanges, DatasetRow, RecordStatus, RowContent, RowProblem } from './dataset-model.ts';

export interface DatasetFile {
  name: string;
  size: number;
  format: 'jsonl' | 'json-array';
  /** The original file, sliced to read a record and to write the file back (never read whole). */
  source: Blob;
  index: DatasetIndex;
  fingerprint: FileFingerprint;
  /** Entries of the index (blank lines included): ids below this are the file's own records. */
  count: number;
  /**
   * A dataset read on demand (a remote Parquet split, docs/datasets.md "Read on demand"): its
   * records' texts come from here, row by row, not from `source` and `index` (placeholders of
   * `count` empty entries until every row is read and the file is replaced by its JSON Lines).
   */
  readRow?: (id: number) => Promise<string>;
}

/** Opening: bytes indexed (or a Parquet dataset's rows read), then records checked (the worker's second pass). */
export interface DatasetProgress {
  phase: 'indexing' | 'rows' | 'checking';
  done: number;
  total: number;
  /** What is being opened (while `dataset` is still null during indexing). */
  name: string;
  /** Stops opening (indexing) or checking. */
  cancel: () => void;
}

/**
 * A Parquet dataset opened on its first rows while the worker still reads the others
 * (docs/datasets.md, "What shows when"): `done` rows read of `total`; `stopped` when the person
 * cancelled, the rows read being kept. Whole-dataset work (checks, search, lengths, fixes of a
 * kind, export) waits for every row, saying so (`readingRefusal`), rather than answer for a part.
 */
export interface DatasetReading {
  done: number;
  total: number;
  stopped: boolean;
  /**
   * Rows are read on demand (a remote split): only what is shown is fetched; `bytes` is what
   * reading every row downloads, said before the person chooses to (`done`: rows read so far).
   */
  onDemand?: { bytes: number };
}

/** What was loaded into the editors for `currentRecord`: the baseline that commits compare with. */
export type LoadedRecord =
  | { id: number; ok: true; record: ParleyRecord; json: unknown; dialect: string; text: string }
  | { id: number; ok: false; problem: NonNullable<RowContent['problem']>; text: string };

/** An edit `commitCurrent` could not write: the record's line and a sentence for the person. */
export interface UnwrittenEdit {
  line: number;
  message: string;
}

/** One undoable dataset-level change. */
export interface DatasetStep {
  label: string;
  before: StepState;
  after: StepState;
  /** Rows it changed: content and status before and after. */
  rows: ReadonlyMap<number, readonly [DatasetRow, DatasetRow]>;
}

interface StepState {
  changes: DatasetChanges;
  order: readonly number[];
  viewOrder: readonly number[] | null;
}

/** The team's rules file loaded for the dataset (core/checks/rules): its name, its text as read, the rules it gives. */
export interface DatasetRules {
  name: string;
  text: string;
  rules: LintRules;
}

/** Codec-dependent work, registered by the lazily loaded dataset pipeline (src/app/dataset/engine.ts). */
export interface DatasetEngine {
  /** A record's text (or bytes) → decoded record, or why it cannot be read. `line`: 1-based. */
  decode(input: string | Uint8Array, line: number): RecordDecodeResult;
  /** The list's view of a decode result. */
  content(result: RecordDecodeResult): RowContent;
  /** The reader's own diagnostics of a decoded record (not validateRecord's: those are recomputed live). */
  readerDiagnostics(result: Extract<RecordDecodeResult, { ok: true }>): Diagnostic[];
  /** The record as one JSON line in `dialect`, keys in `original`'s order, numbers the edit left alone spelled as in `originalText`. */
  encode(record: ParleyRecord, dialect: string, original: unknown, originalText?: string): string;
  dialectLabel(dialect: string): string;
}

let engine: DatasetEngine | undefined;

export function registerDatasetEngine(value: DatasetEngine): void {
  engine = value;
}

export function requireEngine(): DatasetEngine {
  if (!engine) throw new Error('The dataset pipeline is not loaded (registerDatasetEngine was not called).');
  return engine;
}

/** Steps of dataset-level undo kept (each holds references to immutable states, not copies). */
export const DATASET_HISTORY_LIMIT = 50;

export interface DatasetSlice {
  dataset: DatasetFile | null;
  datasetRows: readonly DatasetRow[];
  datasetChanges: DatasetChanges;
  datasetOrder: readonly number[];
  viewOrder: readonly number[] | null;
  currentRecord: number | null;
  datasetLoaded: LoadedRecord | null;
  datasetProgress: DatasetProgress | null;
  datasetPast: readonly DatasetStep[];
  datasetFuture: readonly DatasetStep[];
  /** The rules file checked with the dataset's records (store/derived.ts profileOf); null: none. */
  datasetRules: DatasetRules | null;
  /**
   * The dialect every record of the dataset is read as ("Read as", the command's
   * `--input-dialect`: a codec id), kept with the dataset's work; null: chosen per record.
   */
  datasetReadAs: string | null;
  /** The rows still being read (a Parquet dataset opened on its first rows); null: every row is there. */
  datasetReading: DatasetReading | null;

  setDatasetReading: (reading: DatasetReading | null) => void;
  /**
   * More rows of the dataset being read: `file` is the same dataset with a longer source and
   * index (earlier records keep their ids and byte offsets), `rows` the rows of the new ids
   * (from the old count on). Edits, statuses, the selection and the open record are kept.
   */
  growDataset: (file: DatasetFile, rows: readonly DatasetRow[]) => void;
  setDatasetRules: (rules: DatasetRules | null) => void;
  setDatasetReadAs: (dialect: string | null) => void;
  setDatasetProgress: (progress: DatasetProgress | null) => void;
  /** A dataset was indexed: its rows (content may come later with `addRowContents`). Nothing is shown yet: call `goto`. */
  openDataset: (file: DatasetFile, rows: DatasetRow[]) => void;
  /**
   * Contents for rows `from`, `from + 1`, … (the worker's batches, from the original bytes:
   * edited rows are left alone; an added copy not edited gets its original's).
   */
  addRowContents: (from: number, contents: readonly RowContent[]) => void;
  /** New contents for these rows (a re-check of edited records on the page), statuses kept. */
  setRowContents: (contents: ReadonlyMap<number, RowContent>) => void;
  /** Back to single-record mode; the record in the editors stays. */
  closeDataset: () => void;
  /**
   * Put back changes and statuses saved for this file (persistence, after the fingerprint
   * matched): the rows of edited and added records are summarised from their texts, and the
   * record in the editors is shown again. Not an undo step; undo history starts after it.
   */
  restoreDataset: (changes: DatasetChanges, marks: ReadonlyMap<number, RowMark>) => void;
  /** Commit the current record, show record `id` in the editors and the preview. */
  goto: (id: number) => Promise<void>;
  /**
   * Store the current record's edit (if it changed) in `datasetChanges`; no-op when none is open.
   * Never throws: an edit that cannot be written (whatever the reason) is said in an error
   * notice and returned; the record keeps its original bytes and the edit stays in the editors.
   */
  commitCurrent: () => UnwrittenEdit | undefined;
  /** Text typed for the current bad line: once it decodes, it is the record's new text and is shown; else the problem. */
  fixBadLine: (text: string) => Promise<RowContent['problem'] | null>;
  setViewOrder: (order: readonly number[] | null) => void;
  /**
   * New texts by id, one undoable step called `label`. `contents`: the rows' new summaries when
   * the caller has them (computed in the worker); otherwise each text is decoded here.
   */
  applyBulkEdit: (changes: ReadonlyMap<number, string>, label: string, contents?: ReadonlyMap<number, RowContent>) => void;
  setStatus: (id: number, status: RecordStatus) => void;
  /** Put a record's whole review mark (verdict, saved edit, labels, comments): a review file read, Save carrying marks. */
  setMark: (id: number, mark: RowMark) => void;
  deleteRecord: (id: number) => void;
  /** Adds a copy right after `id`; returns the new id. */
  duplicateRecord: (id: number) => number;
  /** Undo/redo the last dataset-level step; returns its label (undefined: none). */
  datasetUndo: () => string | undefined;
  datasetRedo: () => string | undefined;
}

const closed = {
  dataset: null,
  datasetRows: [],
  datasetChanges: NO_CHANGES,
  datasetOrder: [],
  viewOrder: null,
  currentRecord: null,
  datasetLoaded: null,
  datasetPast: [],
  datasetFuture: [],
  datasetRules: null,
  datasetReadAs: null,
  datasetReading: null,
} satisfies Partial<DatasetSlice>;

/** The changes as core's writer takes them (commit the current record first to include it). */
export function datasetEdits(state: Pick<AppState, 'dataset' | 'datasetChanges'>): DatasetEdits {
  return toDatasetEdits(state.datasetChanges, state.dataset?.count ?? 0);
}

/**
 * Why whole-dataset work (`what`: "Export", "Search", …) cannot run now: rows are still being
 * read, or reading was stopped; undefined when every row is there.
 */
export function readingRefusal(state: Pick<AppState, 'datasetReading'>, what: string): string | undefined {
  const reading = state.datasetReading;
  if (!reading) return undefined;
  const rows = `${reading.done.toLocaleString('en')} of ${reading.total.toLocaleString('en')}`;
  if (reading.onDemand && !reading.stopped) return `${what} needs every row: ${rows} rows read so far, on demand. Read all (${formatBytes(reading.onDemand.bytes)}) first.`;
  return reading.stopped
    ? `${what} needs every row: reading was stopped at rows ${rows}. Open the file again to read it all.`
    : `${what} waits for every row: reading rows ${rows}.`;
}

/** The ids the list shows. */
export function listedIds(state: Pick<AppState, 'viewOrder' | 'datasetOrder'>): readonly number[] {
  return state.viewOrder ?? state.datasetOrder;
}

/** The text of record `id` as it would be written: its edit, else its (or its source's) original bytes. */
export async function readRecordInput(state: Pick<AppState, 'dataset' | 'datasetChanges'>, id: number): Promise<string | Uint8Array> {
  const { dataset, datasetChanges } = state;
  if (!dataset) throw new Error('No dataset is open.');
  const text = datasetChanges.edited.get(id);
  if (text !== undefined) return text;
  const original = id < dataset.count ? id : datasetChanges.copies.get(id);
  if (original === undefined) throw new RangeError(`record ${id} is not in the dataset`);
  if (dataset.readRow) return dataset.readRow(original);
  const records = dataset.index.records;
  return new Uint8Array(await dataset.source.slice(records.start(original), records.end(original)).arrayBuffer());
}

let gotoSequence = 0;

export const createDatasetSlice: StateCreator<AppState, [], [], DatasetSlice> = (set, get) => {
  /** Show a decode result as the current record (history cleared: the record starts fresh). */
  const show = (id: number, result: RecordDecodeResult, text: string): void => {
    const codecs = requireEngine();
    // A record the background check has not reached (or was stopped before) gets its summary now.
    const row = get().datasetRows[id];
    if (row && !row.summary && !row.problem) {
      const rows = get().datasetRows.slice();
      rows[id] = { ...row, ...codecs.content(result) };
      set({ datasetRows: rows });
    }
    if (result.ok) {
      // Frozen now, without recursion, so that immer's freeze after an edit never walks it (deep-freeze.ts).
      deepFreeze(result.record);
      const loaded: LoadedRecord = { id, ok: true, record: result.record, json: result.json, dialect: result.dialect, text };
      set({
        record: result.record,
        currentRecord: id,
        datasetLoaded: loaded,
        importDiagnostics: codecs.readerDiagnostics(result),
        sourceCodec: { id: result.dialect, label: codecs.dialectLabel(result.dialect) },
        focusedPath: null,
      });
    } else {
      const problem = codecs.content(result).problem ?? { kind: result.kind, message: result.message, line: result.line };
      // The editors give way to the line's text editor; the record they would show is empty.
      set({ record: conversation(), currentRecord: id, datasetLoaded: { id, ok: false, problem, text }, importDiagnostics: [], focusedPath: null });
    }
    clearRecordHistory();
  };

  const clearRecordHistory = (): void => {
    breakCoalescing();
    historyClearer?.();
  };

  /** Show record `id` after a step; a failure to read it is said, not left as an unhandled rejection. */
  const reopen = (id: number): void => {
    get()
      .goto(id)
      .catch((thrown: unknown) => get().showNotice({ tone: 'error', title: `The record could not be opened: ${thrown instanceof Error ? thrown.message : String(thrown)}` }));
  };

  /** Apply a dataset-level change as one undoable step. */
  const step = (label: string, after: StepState, rows: Map<number, readonly [DatasetRow, DatasetRow]>): void => {
    const state = get();
    const before: StepState = { changes: state.datasetChanges, order: state.datasetOrder, viewOrder: state.viewOrder };
    const nextRows = state.datasetRows.slice();
    for (const [id, [, row]] of rows) nextRows[id] = row;
    const past = [...state.datasetPast, { label, before, after, rows }].slice(-DATASET_HISTORY_LIMIT);
    set({ datasetChanges: after.changes, datasetOrder: after.order, viewOrder: after.viewOrder, datasetRows: nextRows, datasetPast: past, datasetFuture: [] });
  };

  /** Move along the history: restore `to`, rows as they were, a status changed since left alone. */
  const travel = (entry: DatasetStep, direction: 'undo' | 'redo'): void => {
    const state = get();
    const to = direction === 'undo' ? entry.before : entry.after;
    const from = direction === 'undo' ? entry.after : entry.before;
    const rows = state.datasetRows.slice();
    for (const [id, pair] of entry.rows) {
      const [target, source] = direction === 'undo' ? [pair[0], pair[1]] : [pair[1], pair[0]];
      const current = rows[id];
      const status = current && current.status !== source.status ? current.status : target.status;
      rows[id] = { ...target, status };
    }
    const viewOrder = state.viewOrder === from.viewOrder ? to.viewOrder : state.viewOrder;
    set({ datasetChanges: to.changes, datasetOrder: to.order, viewOrder, datasetRows: rows });
    reloadCurrent(entry);
  };

  /** After a step that may have touched the current record: show it again, or a neighbour if it is gone. */
  const reloadCurrent = (entry: Pick<DatasetStep, 'rows'>): void => {
    const { currentRecord, datasetOrder } = get();
    if (currentRecord === null) return;
    if (!datasetOrder.includes(currentRecord)) {
      const next = datasetOrder[0];
      set({ currentRecord: null, datasetLoaded: null });
      if (next !== undefined) reopen(next);
      return;
    }
    if (entry.rows.has(currentRecord)) {
      set({ datasetLoaded: null });
      reopen(currentRecord);
    }
  };

  return {
    ...closed,
    datasetProgress: null,
    setDatasetProgress: (datasetProgress) => set({ datasetProgress }),
    setDatasetRules: (datasetRules) => set({ datasetRules }),
    setDatasetReadAs: (datasetReadAs) => set({ datasetReadAs }),
    openDataset: (file, rows) => {
      set({ ...closed, dataset: file, datasetRows: rows, datasetOrder: fileOrder(rows, file.count, NO_CHANGES) });
    },
    setDatasetReading: (datasetReading) => set({ datasetReading }),
    growDataset: (file, rows) => {
      const { dataset, datasetRows, datasetChanges, datasetOrder } = get();
      if (!dataset) throw new Error('No dataset is open.');
      // Added records take the ids after the file's (dataset-model.ts): while rows are read none can be added (duplicateRecord refuses).
      if (datasetRows.length !== dataset.count) throw new Error('Records were added while the rows were read: the dataset cannot grow.');
      if (file.count !== dataset.count + rows.length) throw new RangeError(`growDataset: ${rows.length} rows for ${file.count - dataset.count} new records`);
      const grown = datasetRows.concat(rows);
      // The order so far (deletions kept), then the new ids that are records.
      const order = datasetOrder.slice();
      for (let id = dataset.count; id < file.count; id++) if (!grown[id]?.blank) order.push(id);
      set({ dataset: file, datasetRows: grown, datasetOrder: order, datasetChanges });
    },
    addRowContents: (from, contents) => {
      const { datasetRows, datasetChanges } = get();
      const rows = datasetRows.slice();
      contents.forEach((content, i) => {
        const row = rows[from + i];
        // The worker checks the original bytes: a record edited meanwhile keeps its edit's summary.
        if (row && !datasetChanges.edited.has(from + i)) rows[from + i] = { ...row, ...content };
      });
      for (const [id, original] of datasetChanges.copies) {
        const content = contents[original - from];
        const row = rows[id];
        if (content && row && !datasetChanges.edited.has(id)) rows[id] = { ...row, ...content };
      }
      set({ datasetRows: rows });
    },
    setRowContents: (contents) => {
      const rows = get().datasetRows.slice();
      for (const [id, content] of contents) {
        const row = rows[id];
        if (row) rows[id] = { ...row, summary: undefined, codes: undefined, harmlessCodes: undefined, key: undefined, problem: undefined, ...content };
      }
      set({ datasetRows: rows });
    },
    closeDataset: () => set({ ...closed, datasetProgress: null }),
    restoreDataset: (changes, marks) => {
      const { dataset, datasetRows, currentRecord } = get();
      if (!dataset) throw new Error('No dataset is open.');
      const codecs = requireEngine();
      const rows = datasetRows.slice();
      // Added records first: each takes the row of the record it copies, or of the one it follows.
      for (const [after, ids] of changes.inserted) {
        for (const id of ids) {
          const source = rows[changes.copies.get(id) ?? after] ?? rows[0];
          rows[id] = { line: source?.line ?? 1, blank: false, status: 'unreviewed', ...(source ? { summary: source.summary, codes: source.codes, harmlessCodes: source.harmlessCodes, key: source.key, problem: source.problem } : {}) };
        }
      }
      for (const [id, text] of changes.edited) {
        const row = rows[id];
        if (row) rows[id] = { ...row, summary: undefined, codes: undefined, key: undefined, problem: undefined, ...codecs.content(codecs.decode(text, row.line)) };
      }
      for (const [id, mark] of marks) {
        const row = rows[id];
        if (row) rows[id] = withMark(row, mark);
      }
      const order = fileOrder(rows, dataset.count, changes);
      set({ datasetChanges: changes, datasetRows: rows, datasetOrder: order, viewOrder: null, datasetPast: [], datasetFuture: [], datasetLoaded: null });
      const next = currentRecord !== null && order.includes(currentRecord) ? currentRecord : order[0];
      if (next !== undefined) reopen(next);
    },

    goto: async (id) => {
      const sequence = ++gotoSequence;
      const state = get();
      if (!state.dataset) throw new Error('No dataset is open.');
      const row = state.datasetRows[id];
      if (!row || row.blank || !state.datasetOrder.includes(id)) throw new RangeError(`record ${id} is not a listed record of the dataset`);
      // An edit that cannot be written stays in the editors (the notice says why): no move.
      if (state.commitCurrent()) return;
      const input = await readRecordInput(get(), id);
      // A later goto (a held-down key) wins: this one's record is never shown.
      if (sequence !== gotoSequence) return;
      const result = requireEngine().decode(input, row.line);
      show(id, result, typeof input === 'string' ? input : new TextDecoder().decode(input));
    },

    commitCurrent: () => {
      const state = get();
      const loaded = state.datasetLoaded;
      if (!state.dataset || !loaded || !loaded.ok || state.record === loaded.record) return undefined;
      const row = state.datasetRows[loaded.id];
      if (!row) return undefined;
      const codecs = requireEngine();
      let text: string;
      let content: RowContent;
      try {
        text = codecs.encode(state.record, loaded.dialect, loaded.json, loaded.text);
        if (text === codecs.encode(loaded.record, loaded.dialect, loaded.json, loaded.text)) return undefined;
        content = codecs.content(codecs.decode(text, row.line));
      } catch (thrown) {
        // Every caller (moving on, Save, the exports) goes on without this edit, and says so.
        const reason = thrown instanceof Error ? thrown.message : String(thrown);
        const unwritten = { line: row.line, message: `Line ${row.line}: the edit could not be written (${reason}). The file keeps the line as it was; the edit is still in the editors.` };
        get().showNotice({ tone: 'error', title: `Line ${row.line} could not be written as edited.`, details: [unwritten.message] });
        return unwritten;
      }
      const rows = state.datasetRows.slice();
      rows[loaded.id] = { ...row, ...content };
      set({
        datasetChanges: withTexts(state.datasetChanges, new Map([[loaded.id, text]])),
        datasetRows: rows,
        // The committed state is the new baseline: committing again is a no-op.
        datasetLoaded: { ...loaded, record: state.record, text },
      });
      return undefined;
    },

    fixBadLine: async (text) => {
      const state = get();
      const loaded = state.datasetLoaded;
      if (!state.dataset || !loaded) throw new Error('No record is open.');
      const row = state.datasetRows[loaded.id];
      if (!row) throw new RangeError(`record ${loaded.id} is not in the dataset`);
      const codecs = requireEngine();
      const result = codecs.decode(text, row.line);
      if (!result.ok) return codecs.content(result).problem ?? { kind: result.kind, message: result.message, line: result.line };
      // One line, as a JSONL record must be: text typed over several lines is written compactly,
      // its numbers as typed (`1.0` stays `1.0`).
      const line = text.includes('\n') || text.includes('\r') ? stringifyJson(result.json, { spellings: numberSpellings(text) }) : text;
      const rows = state.datasetRows.slice();
      rows[loaded.id] = { ...row, ...codecs.content(result), problem: undefined };
      set({ datasetChanges: withTexts(state.datasetChanges, new Map([[loaded.id, line]])), datasetRows: rows });
      show(loaded.id, result, line);
      return null;
    },

    setViewOrder: (viewOrder) => set({ viewOrder }),

    applyBulkEdit: (changes, label, contents) => {
      const state = get();
      if (!state.dataset || changes.size === 0) return;
      state.commitCurrent();
      const codecs = requireEngine();
      const { datasetRows, datasetChanges } = get();
      const rows = new Map<number, readonly [DatasetRow, DatasetRow]>();
      for (const [id, text] of changes) {
        const row = datasetRows[id];
        if (!row) throw new RangeError(`record ${id} is not in the dataset`);
        const content = contents?.get(id) ?? codecs.content(codecs.decode(text, row.line));
        rows.set(id, [row, { ...row, summary: undefined, codes: undefined, key: undefined, problem: undefined, ...content }]);
      }
      const { datasetOrder, viewOrder } = get();
      step(label, { changes: withTexts(datasetChanges, changes), order: datasetOrder, viewOrder }, rows);
      reloadCurrent({ rows });
    },

    setStatus: (id, status) => {
      const rows = get().datasetRows.slice();
      const row = rows[id];
      if (!row) throw new RangeError(`record ${id} is not in the dataset`);
      rows[id] = { ...row, status };
      set({ datasetRows: rows });
    },

    setMark: (id, mark) => {
      const rows = get().datasetRows.slice();
      const row = rows[id];
      if (!row) throw new RangeError(`record ${id} is not in the dataset`);
      rows[id] = withMark(row, mark);
      set({ datasetRows: rows });
    },

    deleteRecord: (id) => {
      const state = get();
      if (!state.dataset) return;
      state.commitCurrent();
      const { datasetChanges, datasetOrder, viewOrder, datasetRows } = get();
      const row = datasetRows[id];
      if (!row || !datasetOrder.includes(id)) throw new RangeError(`record ${id} is not a listed record of the dataset`);
      const at = (viewOrder ?? datasetOrder).indexOf(id);
      const order = withoutId(datasetOrder, id);
      const after: StepState = { changes: withDeleted(datasetChanges, id, state.dataset.count), order, viewOrder: viewOrder && withoutId(viewOrder, id) };
      step(`Delete record at line ${row.line}`, after, new Map([[id, [row, row]]]));
      if (get().currentRecord === id) {
        const list = after.viewOrder ?? order;
        const next = list[Math.min(at, list.length - 1)];
        set({ currentRecord: null, datasetLoaded: null });
        if (next !== undefined) reopen(next);
      }
    },

    duplicateRecord: (id) => {
      const state = get();
      if (!state.dataset) throw new Error('No dataset is open.');
      // A new record's id follows the file's records: unknown until every row is read.
      const refusal = state.datasetReading && readingRefusal(state, 'Adding a record');
      if (refusal) throw new Error(refusal);
      state.commitCurrent();
      const { datasetChanges, datasetOrder, viewOrder, datasetRows } = get();
      const row = datasetRows[id];
      if (!row || !datasetOrder.includes(id)) throw new RangeError(`record ${id} is not a listed record of the dataset`);
      const newId = datasetRows.length;
      // A copy is a new record: no verdict or comments of its own (its text's edit comes with it in the changes).
      const { review: _review, savedEdit: _saved, ...content } = row;
      const copy: DatasetRow = { ...content, status: 'unreviewed' };
      const changes = withDuplicate(datasetChanges, id, newId, state.dataset.count);
      const after: StepState = { changes, order: withIdAfter(datasetOrder, id, newId), viewOrder: viewOrder && withIdAfter(viewOrder, id, newId) };
      step(`Duplicate record at line ${row.line}`, after, new Map([[newId, [copy, copy]]]));
      return newId;
    },

    datasetUndo: () => {
      const { datasetPast, datasetFuture } = get();
      const entry = datasetPast[datasetPast.length - 1];
      if (!entry) return undefined;
      get().commitCurrent();
      set({ datasetPast: datasetPast.slice(0, -1), datasetFuture: [...datasetFuture, entry] });
      travel(entry, 'undo');
      return entry.label;
    },
    datasetRedo: () => {
      const { datasetPast, datasetFuture } = get();
      const entry = datasetFuture[datasetFuture.length - 1];
      if (!entry) return undefined;
      get().commitCurrent();
      set({ datasetFuture: datasetFuture.slice(0, -1), datasetPast: [...datasetPast, entry] });
      travel(entry, 'redo');
      return entry.label;
    },
  };
};

let historyClearer: (() => void) | undefined;

/** store.ts passes the record history's `clear` (the temporal store exists only after creation). */
export function setRecordHistoryClearer(clear: () => void): void {
  historyClearer = clear;
}
