/**
 * Opening: text (file, drop, paste, test API) → JSON → record → the store. One pipeline so that
 * every way in behaves the same: size limit, line/column of malformed JSON, the dialect named,
 * decode errors listed, and nothing changed unless the whole record could be read.
 */
import type { Diagnostic } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import { decodeJson, describeDiagnostic } from './decode.ts';
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

/** Open a JSON value or JSON text into the editor. */
export function openJson(input: unknown, sourceName: string): OpenResult {
  let value = input;
  let note: string | undefined;
  if (typeof input === 'string') {
    const read = readJson(input, sourceName);
    if (!read.ok) return refuse(read.title, read.details, []);
    value = read.value;
    note = read.note;
  }
  const decoded = decodeJson(value, sourceName);
  if (!decoded.ok) return refuse(decoded.title, decoded.details, decoded.diagnostics);

  const state = useAppStore.getState();
  state.loadRecord(decoded.record);
  state.setImportDiagnostics(decoded.diagnostics);
  state.setSourceCodec(decoded.codec);
  const warnings = decoded.diagnostics.length;
  const message = `Opened ${sourceName} (${decoded.codec.label})${warnings > 0 ? ` with ${warnings === 1 ? '1 warning' : `${warnings} warnings`}` : ''}.`;
  const details = [...(note ? [note] : []), ...decoded.diagnostics.map(describeDiagnostic)];
  state.showNotice({ tone: 'success', title: message, details });
  return { ok: true, codec: decoded.codec, diagnostics: decoded.diagnostics, message, details };
}

/** Open a File (picker or drop). Never throws: every failure becomes a notice. */
export async function openFile(file: File): Promise<OpenResult> {
  if (file.size > MAX_OPEN_BYTES) {
    return refuse(`${file.name} is ${formatBytes(file.size)}; Parley opens files up to ${formatBytes(MAX_OPEN_BYTES)} in the editor. Use the parley CLI for larger datasets. Nothing was changed.`, [], []);
  }
  let text: string;
  try {
    text = await file.text();
  } catch (thrown) {
    return refuse(`${file.name} could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}. Nothing was changed.`, [], []);
  }
  return openJson(text, file.name);
}

/** Open pasted text (the Paste JSON dialog, Ctrl+V outside text fields). */
export function openPastedText(text: string): OpenResult {
  if (text.length > MAX_OPEN_BYTES) return refuse(`The pasted text is larger than ${formatBytes(MAX_OPEN_BYTES)}. Nothing was changed.`, [], []);
  return openJson(text, 'The pasted text');
}

function refuse(message: string, details: string[], diagnostics: Diagnostic[]): OpenResult {
  useAppStore.getState().showNotice({ tone: 'error', title: message, details });
  return { ok: false, diagnostics, message, details };
}
