/**
 * Writing a dataset back: the whole file (core's writeDataset: untouched records are slices of
 * the original `File`, so their bytes never pass through JavaScript), only the edited or
 * flagged records, or every record re-encoded in another dialect (what it loses reported, as
 * the single-record export does).
 */
import { findCodec, toBlobParts, writeDataset, type Diagnostic, type WriteOptions } from '../../core/index.ts';
import { describeDiagnostic } from '../files/decode.ts';
import { downloadFile } from '../layout/download-file.ts';
import { datasetEdits, readRecordInput, useAppStore, type DatasetFile } from '../store/index.ts';
import { datasetEngine } from './engine.ts';

function openDataset(): DatasetFile {
  const state = useAppStore.getState();
  if (!state.dataset) throw new Error('No dataset is open.');
  // The record in the editors is part of the file: its edit is committed first.
  state.commitCurrent();
  return state.dataset;
}

/** The file as Save/export writes it, as a Blob cut from the original (no copy of untouched bytes). */
export function datasetBlob(options?: WriteOptions): Blob {
  const dataset = openDataset();
  const parts = writeDataset(dataset.index, datasetEdits(useAppStore.getState()), options);
  // The writers' byte parts are plain Uint8Arrays (never over a SharedArrayBuffer), valid Blob parts.
  return new Blob(toBlobParts(parts, dataset.source) as BlobPart[], { type: dataset.format === 'jsonl' ? 'application/jsonl' : 'application/json' });
}

/** The original records an "edited or flagged" export keeps: edited, flagged, or with a changed text. */
export function editedOrFlagged(): Set<number> {
  // The record in the editors counts as edited once its edit is committed.
  useAppStore.getState().commitCurrent();
  const { datasetRows, datasetChanges, dataset } = useAppStore.getState();
  const only = new Set<number>();
  const count = dataset?.count ?? 0;
  for (let id = 0; id < count; id++) {
    const status = datasetRows[id]?.status;
    if (status === 'edited' || status === 'flagged' || datasetChanges.edited.has(id)) only.add(id);
  }
  return only;
}

/** `data.jsonl` → `data.edited.jsonl`. */
export function exportName(name: string, tag: string, extension?: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}.${tag}${extension ?? (dot > 0 ? name.slice(dot) : '')}`;
}

export function exportWholeDataset(): void {
  const dataset = openDataset();
  const name = exportName(dataset.name, 'parley');
  downloadFile(datasetBlob(), name);
  useAppStore.getState().showNotice({ tone: 'success', title: `Exported ${name}: untouched records byte for byte, ${changedCount()} changed.` });
}

export function exportEditedOrFlagged(): void {
  const dataset = openDataset();
  const only = editedOrFlagged();
  const name = exportName(dataset.name, 'edited');
  downloadFile(datasetBlob({ only }), name);
  useAppStore.getState().showNotice({ tone: 'success', title: `Exported ${name}: ${only.size === 1 ? '1 edited or flagged record' : `${only.size} edited or flagged records`} (and any added ones).` });
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
}

/** Every listed record in `dialect`, one JSON line each, in file order. */
export async function encodeDatasetAs(dialect: string): Promise<DialectExport> {
  const codec = findCodec(dialect);
  if (!codec) throw new Error(`Unknown dialect "${dialect}".`);
  openDataset();
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
    const encoded = codec.encode(result.record);
    for (const diagnostic of encoded.diagnostics) note(diagnostic, row.line);
    lines.push(JSON.stringify(encoded.json));
  }
  return { text: lines.length > 0 ? `${lines.join('\n')}\n` : '', written: lines.length, verbatim, losses: [...losses].map(([message, at]) => ({ message, lines: at })) };
}

export async function exportDatasetAs(dialect: string): Promise<DialectExport> {
  const dataset = openDataset();
  const result = await encodeDatasetAs(dialect);
  const label = findCodec(dialect)?.label ?? dialect;
  const name = exportName(dataset.name, dialect, '.jsonl');
  downloadFile(result.text, name, 'application/jsonl');
  const details = [
    ...(result.verbatim.length > 0 ? [`${result.verbatim.length} bad line(s) written as they are (lines ${shortList(result.verbatim)})`] : []),
    ...result.losses.map((loss) => `${loss.message} (lines ${shortList(loss.lines)})`),
  ];
  const problems = result.losses.length + (result.verbatim.length > 0 ? 1 : 0);
  useAppStore.getState().showNotice({
    tone: problems > 0 ? 'info' : 'success',
    title: `Exported ${name} (${label}, ${result.written} records)${problems > 0 ? `; ${problems === 1 ? '1 kind of thing' : `${problems} kinds of things`} could not be expressed` : ''}.`,
    details,
  });
  return result;
}

function shortList(lines: readonly number[]): string {
  return lines.length <= 5 ? lines.join(', ') : `${lines.slice(0, 5).join(', ')} and ${lines.length - 5} more`;
}
