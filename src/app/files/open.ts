/**
 * Opening: text (file, drop, paste, test API) → JSON → record → the store. One pipeline so that
 * every way in behaves the same: size limit, line/column of malformed JSON, the dialect named,
 * decode errors listed, and nothing changed unless the whole record could be read. The notice
 * offers "Read as" another dialect, which decodes the same JSON again (`reopenAs`).
 */
import { CODECS, findCodec, findFormat, parseJson, type Diagnostic } from '../../core/index.ts';
import { isJsonLinesName, isRecordArray, startsWithArray } from '../dataset/detect.ts';
import { confirmLeaveDataset, useAppStore, type Notice } from '../store/index.ts';
import { prepareFormat } from '../store/prepare-format.ts';
import { decodeJson, describeDiagnostic } from './decode.ts';
import { fileKey, recallFile, rememberFile } from './file-memory.ts';
import { formatOffer } from './format-offer.ts';
import { formatBytes, MAX_OPEN_BYTES } from './limits.ts';
import { readJson } from './read-json.ts';

export interface OpenResult {
  ok: boolean;
  /** The dialect that read the input, when one did. */
  codec?: { id: string; label: string };
  /** Decode diagnostics (errors when refused, warnings when opened). */
  diagnostics: Diagnostic[];
  /** What the person was told. */
  message: string;
  details: string[];
}

/**
 * The JSON last opened (or refused for decode errors), kept so that "Read as" can decode it
 * again without asking for the file. Only the latest: a file is read once, by one dialect.
 */
let lastInput: { value: unknown; sourceName: string; note?: string; key?: string } | undefined;

/**
 * The file shown in the editor, by fingerprint, with the source-dialect object the store holds
 * for it: while the store holds that very object (nothing else was opened or made since), a
 * format the person chooses is remembered for the file (file-memory.ts).
 */
let shownFile: { key: string; source: object } | undefined;
useAppStore.subscribe((state, before) => {
  if (shownFile && state.formatId !== before.formatId && state.sourceCodec === shownFile.source) rememberFile(shownFile.key, { format: state.formatId });
});

/**
 * Open a JSON value or JSON text into the editor; `codecId` reads it as that dialect instead of
 * detecting one (and is remembered for the text's file). JSON text is a file: its fingerprint
 * recalls the dialect and the format the person chose for it before.
 */
export function openJson(input: unknown, sourceName: string, codecId?: string): OpenResult {
  let value = input;
  let note: string | undefined;
  let key: string | undefined;
  if (typeof input === 'string') {
    const read = readJson(input, sourceName);
    if (!read.ok) return refuse(read.title, read.details, []);
    value = read.value;
    note = read.note;
    key = fileKey(input);
  }
  lastInput = { value, sourceName, ...(note === undefined ? {} : { note }), ...(key === undefined ? {} : { key }) };
  return decodeInto(value, sourceName, note, codecId, key);
}

/** Decode the last opened JSON again, as `codecId` ("Read as" in the notice and the Paste dialog); remembered for its file. */
export function reopenAs(codecId: string): OpenResult {
  if (!lastInput) return refuse('There is no opened file to read again. Open it first.', [], []);
  return decodeInto(lastInput.value, lastInput.sourceName, lastInput.note, codecId, lastInput.key);
}

function decodeInto(value: unknown, sourceName: string, note: string | undefined, codecId: string | undefined, key: string | undefined): OpenResult {
  const remembered = key === undefined ? undefined : recallFile(key);
  // The dialect the person names now, else the one they chose for this file before, else
  // detected by evidence alone, whatever the format shown (core's chooseDialect).
  const recalled = codecId === undefined && remembered?.dialect !== undefined && findCodec(remembered.dialect) ? remembered.dialect : undefined;
  const decoded = decodeJson(value, sourceName, codecId ?? recalled);
  if (!decoded.ok) return refuse(decoded.title, decoded.details, decoded.diagnostics, readAs(codecId));
  // Asked only now: a file that could not be read replaces nothing.
  if (!confirmLeaveDataset()) return kept(sourceName);

  const state = useAppStore.getState();
  state.loadRecord(decoded.record);
  state.setImportDiagnostics(decoded.diagnostics);
  state.setSourceCodec(decoded.codec);
  if (key !== undefined && codecId !== undefined) rememberFile(key, { dialect: codecId });
  const format = showRememberedFormat(key, remembered?.format);
  const warnings = decoded.diagnostics.length;
  const how = codecId !== undefined ? `read as ${decoded.codec.label}` : recalled !== undefined ? `${decoded.codec.label}, as you chose for this file` : decoded.codec.label;
  const message = `Opened ${sourceName} (${how})${warnings > 0 ? ` with ${warnings === 1 ? '1 warning' : `${warnings} warnings`}` : ''}.`;
  const details = [...(note ? [note] : []), ...(decoded.note ? [`${decoded.note}.`] : []), ...decoded.diagnostics.map(describeDiagnostic)];
  // The person's own choice of format for this file is not second-guessed by the model's name.
  const offer = remembered?.format === undefined ? formatOffer(value, format) : undefined;
  state.showNotice({ tone: 'success', title: message, details, readAs: readAs(decoded.codec.id), ...(offer ? { offer } : {}) });
  return { ok: true, codec: decoded.codec, diagnostics: decoded.diagnostics, message, details };
}

/**
 * Shows the format last shown with this file, if one was; a file seen for the first time keeps
 * the format on screen (the person's last choice: no silent switch). Returns the format shown.
 */
function showRememberedFormat(key: string | undefined, format: string | undefined): string {
  const state = useAppStore.getState();
  if (key !== undefined && state.sourceCodec) shownFile = { key, source: state.sourceCodec };
  if (format !== undefined && format !== state.formatId && findFormat(format)) {
    state.setFormat(format);
    void prepareFormat(format);
    return format;
  }
  return state.formatId;
}

/**
 * Open a File (picker or drop). Never throws: every failure becomes a notice. JSON Lines, and
 * `.json` files holding an array of records, open as a dataset (src/app/dataset), of any size.
 */
export async function openFile(file: File): Promise<OpenResult> {
  if (/\.parquet$/i.test(file.name)) return openAsDataset(file, true);
  if (isJsonLinesName(file.name)) return openAsDataset(file);
  if (file.size > MAX_OPEN_BYTES && /\.json$/i.test(file.name) && startsWithArray(await file.slice(0, 4096).text())) return openAsDataset(file);
  if (file.size > MAX_OPEN_BYTES) {
    return refuse(`${file.name} is ${formatBytes(file.size)}; Parley opens files up to ${formatBytes(MAX_OPEN_BYTES)} in the editor as one conversation; a dataset of any size opens as a .jsonl file or a .json array of records. Nothing was changed.`, [], []);
  }
  let text: string;
  try {
    text = await file.text();
  } catch (thrown) {
    return refuse(`${file.name} could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}. Nothing was changed.`, [], []);
  }
  // An array of records is a dataset; anything else (one conversation) opens in the editors.
  const parsed = parseJson(text);
  if (parsed.ok && isRecordArray(parsed.value)) return openAsDataset(file);
  return openJson(text, file.name);
}

async function openAsDataset(file: File, parquet = false): Promise<OpenResult> {
  if (!confirmLeaveDataset()) return kept(file.name);
  // The panel's chunk too, so that the progress bar is on screen while the file is read.
  const [{ openDatasetFile }] = await Promise.all([import('../dataset/open-dataset.ts'), import('../dataset/DatasetPanel.tsx')]);
  const result = await openDatasetFile(file, file.name, undefined, parquet);
  return { ok: result.ok, diagnostics: [], message: result.message, details: [] };
}

/** Open pasted text (the Paste JSON dialog, Ctrl+V outside text fields); `codecId` as in `openJson`. */
export function openPastedText(text: string, codecId?: string): OpenResult {
  if (text.length > MAX_OPEN_BYTES) return refuse(`The pasted text is larger than ${formatBytes(MAX_OPEN_BYTES)}. Nothing was changed.`, [], []);
  return openJson(text, 'The pasted text', codecId);
}

/** The notice's "Read as" picker: every dialect, `current` selected (none when nothing could read the file). */
function readAs(current: string | undefined): NonNullable<Notice['readAs']> {
  const dialects = CODECS.map((codec) => ({ id: codec.id, label: codec.label }));
  return current !== undefined && findCodec(current) ? { dialects, current } : { dialects };
}

/** The person chose to keep the dataset and its changes: nothing is opened. */
function kept(sourceName: string): OpenResult {
  const message = `Kept the dataset and its changes; ${sourceName} was not opened.`;
  useAppStore.getState().showNotice({ tone: 'info', title: message });
  return { ok: false, diagnostics: [], message, details: [] };
}

function refuse(message: string, details: string[], diagnostics: Diagnostic[], readAsPicker?: Notice['readAs']): OpenResult {
  useAppStore.getState().showNotice({ tone: 'error', title: message, details, ...(readAsPicker ? { readAs: readAsPicker } : {}) });
  return { ok: false, diagnostics, message, details };
}
