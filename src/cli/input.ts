/**
 * JSON text → a record: JSON syntax with line and column, the dialect (given, native or
 * detected: core's chooseDialect) and the codec's decode. A failure is one message saying what
 * and where; the caller makes it an exit-2 error (single input) or the diagnostics of one line
 * (JSONL).
 */
import { parseJson, type Diagnostic, type InterchangeCodec, type ParleyRecord, type ReadHow } from '../core/index.ts';
import { readJson, type DialectChoice } from './dialect.ts';
import { dialectList } from './registries.ts';

export type Decoded =
  | { ok: true; record: ParleyRecord; diagnostics: Diagnostic[]; codec: InterchangeCodec; how: ReadHow }
  | { ok: false; code: string; message: string };

/**
 * `name` names the input in messages; `lineNumber` is the line of a JSONL record, so that
 * positions read `data.jsonl:7` and `data.jsonl:7:12` (line 7, column 12).
 */
export function decodeJsonText(text: string, choice: DialectChoice, name: string, lineNumber?: number): Decoded {
  const where = lineNumber === undefined ? name : `${name}:${lineNumber}`;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    const at = `${name}:${(lineNumber ?? 1) + line - 1}:${column}`;
    // Several JSON values, one per line, is JSON Lines read as one document.
    const hint = lineNumber === undefined && message.endsWith('after the JSON value') && line > 1 ? ' (one record per line? use --jsonl)' : '';
    return { ok: false, code: 'cli/malformed-json', message: `${at}: malformed JSON: ${message}${hint}` };
  }
  const reading = readJson(parsed.value, choice);
  if (!reading) return { ok: false, code: 'cli/unknown-dialect', message: `${where}: cannot tell which JSON dialect this is; name it with ${choice.flag} (known: ${dialectList()})` };
  const { codec, decoded, how } = reading;
  if (!decoded.record) {
    const [first, ...rest] = decoded.diagnostics;
    const more = rest.length === 0 ? '' : ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})`;
    return { ok: false, code: 'cli/unreadable', message: `${where}: not readable as ${codec.label}: ${first?.message ?? 'unknown problem'}${more}` };
  }
  return { ok: true, record: decoded.record, diagnostics: decoded.diagnostics, codec, how };
}

/** A whole-record problem as a diagnostic (for JSONL output). */
export function failureDiagnostic(failure: { code: string; message: string }): Diagnostic {
  return { severity: 'error', code: failure.code, message: failure.message };
}
