/** Export: the record → a dialect's JSON → a downloaded file. Encode diagnostics are shown. */
import { CODECS, findCodec, hasErrors, type Diagnostic } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import { describeDiagnostic } from './decode.ts';
import { defaultDialect } from './export-default.ts';
import { downloadFile } from '../layout/download-file.ts';

export function exportDialects(): { id: string; label: string }[] {
  return CODECS.map((codec) => ({ id: codec.id, label: codec.label }));
}

/** The dialect of the opened file, else Apertus JSON; Parley JSON for documents (export-default.ts). */
export function defaultExportCodec(): string {
  const { record, sourceCodec } = useAppStore.getState();
  return defaultDialect(record.kind, sourceCodec?.id, CODECS.map((codec) => codec.id));
}

export interface ExportResult {
  /** False when the dialect is unknown or cannot hold the record (then nothing is downloaded). */
  ok: boolean;
  codec: string;
  /** The exported JSON value (undefined when the dialect is unknown). */
  json: unknown;
  /** The file's text: the JSON, indented with 2 spaces, with a final newline. */
  text: string;
  /** What the dialect could not express ("lost in conversion: …"). */
  diagnostics: Diagnostic[];
}

export function encodeRecord(codecId: string = defaultExportCodec()): ExportResult {
  const codec = findCodec(codecId);
  if (!codec) return { ok: false, codec: codecId, json: undefined, text: '', diagnostics: [{ severity: 'error', code: 'unknown-dialect', message: `Unknown dialect "${codecId}".` }] };
  try {
    const { json, diagnostics } = codec.encode(useAppStore.getState().record);
    // An error is a record the dialect cannot hold at all (a document in a chat dialect): no file.
    return { ok: !hasErrors(diagnostics), codec: codecId, json, text: `${JSON.stringify(json, null, 2)}\n`, diagnostics };
  } catch (thrown) {
    // A codec bug must not take the app down with it: report it like an unknown dialect.
    const message = `${codec.label} could not write the conversation: ${thrown instanceof Error ? thrown.message : String(thrown)}.`;
    return { ok: false, codec: codecId, json: undefined, text: '', diagnostics: [{ severity: 'error', code: 'encode-failed', message }] };
  }
}

/** Encode and download; tells the person what was written and what could not be. */
export function exportToFile(codecId: string = defaultExportCodec()): ExportResult {
  const result = encodeRecord(codecId);
  const { showNotice } = useAppStore.getState();
  if (!result.ok) {
    showNotice({ tone: 'error', title: 'Export failed.', details: result.diagnostics.map(describeDiagnostic) });
    return result;
  }
  const fileName = `conversation-${new Date().toISOString().slice(0, 10)}.json`;
  downloadFile(result.text, fileName, 'application/json');
  // The dialect the person just wrote the record in is the one they want to see: the JSON view follows (issue 24).
  useAppStore.getState().setJsonDialect(codecId);
  const label = findCodec(codecId)?.label ?? codecId;
  const problems = result.diagnostics.length;
  showNotice({
    tone: problems > 0 ? 'info' : 'success',
    title: `Exported ${fileName} (${label})${problems > 0 ? `; ${problems === 1 ? '1 thing' : `${problems} things`} could not be expressed` : ''}.`,
    details: result.diagnostics.map(describeDiagnostic),
  });
  return result;
}
