/**
 * Writing a dataset back: the whole file (core's writeDataset: untouched records are slices of
 * the original `File`, so their bytes never pass through JavaScript), only the edited or
 * flagged records, or every record re-encoded in another dialect (what it loses reported, as
 * the single-record export does).
 */
import { findCodec, numberSpellings, stringifyJson, toBlobParts, writeDataset, type Diagnostic, type WriteOptions } from '../../core/index.ts';
import { describeDiagnostic } from '../files/decode.ts';
import { downloadFile } from '../layout/download-file.ts';
import { datasetEdits, readingRefusal, readRecordInput, useAppStore, type DatasetFile, type UnwrittenEdit } from '../store/index.ts';
import { reviewForWritten, writeReviewBeside } from '../review/review-with-dataset.ts';
import { datasetEngine } from './engine.ts';

/**
 * The open dataset, the record in the editors committed first (it is part of the file); with
 * the edit that could not be written, if any (that record is written as it was: the notice of
 * whatever writes the file must say so).
 */
function openDataset(): { dataset: DatasetFile; unwritten: UnwrittenEdit | undefined } {
  const state = useAppStore.getState();
  if (!state.dataset) throw new Error('No dataset is open.');
  const unwritten = state.commitCurrent();
  return { dataset: state.dataset, unwritten };
}

/** The file as Save/export writes it, as a Blob cut from the original (no copy of untouched bytes). */
export function datasetBlob(options?: WriteOptions): Blob {
  return writtenDataset(options).blob;
}

/** `datasetBlob`, and the edit it could not include (said by the caller's notice). */
export function writtenDataset(options?: WriteOptions): { blob: Blob; unwritten: UnwrittenEdit | undefined } {
  const { dataset, unwritten } = openDataset();
  const parts = writeDataset(dataset.index, datasetEdits(useAppStore.getState()), options);
  // The writers' byte parts are plain Uint8Arrays (never over a SharedArrayBuffer), valid Blob parts.
  const blob = new Blob(toBlobParts(parts, dataset.source) as BlobPart[], { type: dataset.format === 'jsonl' ? 'application/jsonl' : 'application/json' });
  return { blob, unwritten };
}

/** The notice after writing `name` when an edit could not be included: it names the line. */
export function unwrittenNotice(name: string, unwritten: UnwrittenEdit): { tone: 'error'; title: string; details: string[] } {
  return { tone: 'error', title: `Exported ${name}, but line ${unwritten.line} could not be written as edited: its original bytes are kept.`, details: [unwritten.message] };
}

/** The original records an "edited or flagged" export keeps: edited, flagged, or with a changed text. */
export function editedOrFlagged(): Set<number> {
  // The record in the editors counts as edited once its edit is committed.
  useAppStore.getState().commitCurrent();
  const { datasetRows, datasetChanges, dataset } = useAppStore.getState();
  const only = new Set<number>();
  const count = dataset?.count ?? 0;
  for (let id = 0; id < count; id++) {
    const row = datasetRows[id];
    if (row?.status === 'flagged' || row?.savedEdit || datasetChanges.edited.has(id)) only.add(id);
  }
  return only;
}

/** `data.jsonl` → `data.edited.jsonl`. */
export function exportName(name: string, tag: string, extension?: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  // A dataset opened from Parquet is written as JSON Lines unless the Parquet export writes it.
  const kept = dot > 0 ? name.slice(dot) : '';
  return `${stem}.${tag}${extension ?? (kept.toLowerCase() === '.parquet' ? '.jsonl' : kept)}`;
}

/**
 * The export's review file (`<export name>.review.jsonl`, its records named by their lines and
 * bytes in the exported file) as a second download, said in the export's notice. Nothing when
 * no record was reviewed. The dataset's download and notice come first, before any wait.
 */
export async function downloadReviewBeside(blob: Blob, name: string, only?: ReadonlySet<number>, download: (blob: Blob, name: string) => void = downloadFile): Promise<void> {
  const review = await reviewForWritten(blob, only);
  if (!review) return;
  const sentence = await writeReviewBeside(review, name, download, false);
  const notice = useAppStore.getState().notice;
  const { tone, title, details } = notice ?? { tone: 'success' as const, title: `Exported ${name}.`, details: undefined };
  useAppStore.getState().showNotice({ tone, title: title + sentence, ...(details ? { details } : {}) });
}

/**
 * True (and said in a notice) when the dataset's rows are still being read, or reading was
 * stopped: an export then would write part of the file as if it were the whole.
 */
export function refusedWhileReading(what: string): boolean {
  const refusal = readingRefusal(useAppStore.getState(), what);
  if (refusal) useAppStore.getState().showNotice({ tone: 'info', title: `${refusal} Nothing was written.` });
  return refusal !== undefined;
}

export async function exportWholeDataset(): Promise<void> {
  if (refusedWhileReading('Export')) return;
  const { blob, unwritten } = writtenDataset();
  const name = exportName(requireDataset().name, 'parley');
  downloadFile(blob, name);
  useAppStore.getState().showNotice(unwritten ? unwrittenNotice(name, unwritten) : { tone: 'success', title: `Exported ${name}: untouched records byte for byte, ${changedCount()} changed.` });
  await downloadReviewBeside(blob, name);
}

export async function exportEditedOrFlagged(): Promise<void> {
  if (refusedWhileReading('Export')) return;
  const only = editedOrFlagged();
  const { blob, unwritten } = writtenDataset({ only });
  const name = exportName(requireDataset().name, 'edited');
  downloadFile(blob, name);
  useAppStore.getState().showNotice(unwritten ? unwrittenNotice(name, unwritten) : { tone: 'success', title: `Exported ${name}: ${only.size === 1 ? '1 edited or flagged record' : `${only.size} edited or flagged records`} (and any added ones).` });
  await downloadReviewBeside(blob, name, only);
}

function requireDataset(): DatasetFile {
  const { dataset } = useAppStore.getState();
  if (!dataset) throw new Error('No dataset is open.');
  return dataset;
}

function changedCount(): string {
  const { datasetChanges } = useAppStore.getState();
  const n = datasetChanges.edited.size + datasetChanges.deleted.size + [...datasetChanges.inserted.values()].reduce((sum, ids) => sum + ids.length, 0);
  return n === 1 ? '1 record' : `${n} records`;
}

export interface DialectExport {
  text: string;
  /** Records written. */
  written: number;
  /** Bad lines, written as they are (they cannot be converted). */
  verbatim: number[];
  /** What the dialect could not hold: each distinct loss, with the lines it happened on. */
  losses: { message: string; lines: number[] }[];
  /** The edit in the editors, when it could not be written (that record is converted as it was). */
  unwritten?: UnwrittenEdit;
}

/** Every listed record in `dialect`, one JSON line each, in file order. */
export async function encodeDatasetAs(dialect: string): Promise<DialectExport> {
  const codec = findCodec(dialect);
  if (!codec) throw new Error(`Unknown dialect "${dialect}".`);
  const { unwritten } = openDataset();
  const state = useAppStore.getState();
  const lines: string[] = [];
  const verbatim: number[] = [];
  const losses = new Map<string, number[]>();
  const note = (diagnostic: Diagnostic, line: number): void => {
    const message = describeDiagnostic(diagnostic);
    const at = losses.get(message);
    if (at) at.push(line);
    else losses.set(message, [line]);
  };
  for (const id of state.datasetOrder) {
    const row = state.datasetRows[id];
    if (!row) continue;
    const input = await readRecordInput(state, id);
    const result = datasetEngine.decode(input, row.line);
    if (!result.ok) {
      verbatim.push(row.line);
      lines.push(typeof input === 'string' ? input : new TextDecoder().decode(input));
      continue;
    }
    try {
      const encoded = codec.encode(result.record);
      // No recursion (a record nested 5,000 deep is written), numbers as spelled where the path is the same.
      lines.push(stringifyJson(encoded.json, { spellings: numberSpellings(result.text) }));
      for (const diagnostic of encoded.diagnostics) note(diagnostic, row.line);
    } catch (thrown) {
      // One record that cannot be converted never stops the export: it is written as it was, and said.
      lines.push(result.text);
      note({ severity: 'error', code: 'export/unconverted', message: `could not be converted (${thrown instanceof Error ? thrown.message : String(thrown)}); written as it was` }, row.line);
    }
  }
  return { text: lines.length > 0 ? `${lines.join('\n')}\n` : '', written: lines.length, verbatim, losses: [...losses].map(([message, at]) => ({ message, lines: at })), ...(unwritten ? { unwritten } : {}) };
}

export async function exportDatasetAs(dialect: string): Promise<DialectExport> {
  const refusal = readingRefusal(useAppStore.getState(), 'Export');
  if (refusal) throw new Error(refusal);
  const dataset = requireDataset();
  const result = await encodeDatasetAs(dialect);
  const label = findCodec(dialect)?.label ?? dialect;
  const name = exportName(dataset.name, dialect, '.jsonl');
  downloadFile(result.text, name, 'application/jsonl');
  const details = [
    ...(result.unwritten ? [result.unwritten.message] : []),
    ...(result.verbatim.length > 0 ? [`${result.verbatim.length} bad line(s) written as they are (lines ${shortList(result.verbatim)})`] : []),
    ...result.losses.map((loss) => `${loss.message} (lines ${shortList(loss.lines)})`),
  ];
  const problems = result.losses.length + (result.verbatim.length > 0 ? 1 : 0);
  useAppStore.getState().showNotice({
    tone: result.unwritten ? 'error' : problems > 0 ? 'info' : 'success',
    title: `Exported ${name} (${label}, ${result.written} records)${problems > 0 ? `; ${problems === 1 ? '1 kind of thing' : `${problems} kinds of things`} could not be expressed` : ''}.`,
    details,
  });
  return result;
}

function shortList(lines: readonly number[]): string {
  return lines.length <= 5 ? lines.join(', ') : `${lines.slice(0, 5).join(', ')} and ${lines.length - 5} more`;
}
