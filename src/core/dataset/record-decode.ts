/**
 * One record of a dataset, from its bytes (or its edited text) to a ParleyRecord: UTF-8
 * decoding, `JSON.parse`, dialect detection per record (a file may mix dialects) and the
 * dialect's reader. Everything that can go wrong comes back as a result with the line and a
 * sentence, never as an exception, so one bad line never stops a file.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import { chooseDialect, type DialectContext } from '../interchange/choose-dialect.ts';
import { describeJson } from '../shared/json.ts';
import { parseJson } from '../validate/index.ts';

export interface DecodedRecord {
  ok: true;
  /** The parsed JSON, kept for re-encoding in the record's key order (record-encode.ts). */
  json: unknown;
  /** The text it was read from, whose number spellings an edit keeps (record-encode.ts). */
  text: string;
  /** Id of the codec that read it (`openai-chat`, `anthropic`, …). */
  dialect: string;
  record: ParleyRecord;
  /** The reader's diagnostics only: the checks of the record are core/checks' `checkRecord`. */
  diagnostics: Diagnostic[];
}

export type RecordProblemKind = 'blank' | 'encoding' | 'json' | 'dialect' | 'decode';

export interface RecordProblem {
  ok: false;
  kind: RecordProblemKind;
  /** 1-based line in the file where the problem is. */
  line: number;
  /** 1-based column (UTF-16 units) on that line, counted from the record's first character, when known. */
  column?: number;
  /** `Line 12: not valid JSON: Expected ',' or '}' after a property value at column 11` */
  message: string;
  /** The reader's diagnostics when it could not read the record at all (`kind: 'decode'`). */
  diagnostics?: Diagnostic[];
}

export type RecordDecodeResult = DecodedRecord | RecordProblem;

// fatal: a line that is not UTF-8 is reported rather than silently altered by U+FFFD.
// ignoreBOM: a U+FEFF inside the file is content (and invalid JSON), never silently dropped.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** What the app and the command say of a line that is not UTF-8. */
export const NOT_UTF8 = 'not valid UTF-8 text';

/** The bytes as text, or undefined when they are not UTF-8 (never U+FFFD in their place). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Decodes the bytes of one record; `line` is the 1-based line of the file it starts on. The
 * dialect is chosen per record by the rule the app and the command use (`chooseDialect`), with
 * the format and "Read as" of `context` when there are any.
 */
export function decodeRecordBytes(bytes: Uint8Array, line: number, context: DialectContext = {}): RecordDecodeResult {
  const text = decodeUtf8(bytes);
  if (text === undefined) return { ok: false, kind: 'encoding', line, message: `Line ${line}: ${NOT_UTF8}` };
  return decodeRecordText(text, line, context);
}

/** Decodes the text of one record (e.g. a bad line the annotator fixed as text). */
export function decodeRecordText(text: string, line: number, context: DialectContext = {}): RecordDecodeResult {
  if (text.trim() === '') return { ok: false, kind: 'blank', line, message: `Line ${line}: blank, not a record` };
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { error } = parsed;
    const where = line + error.line - 1;
    return { ok: false, kind: 'json', line: where, column: error.column, message: `Line ${where}: not valid JSON: ${error.message} at column ${error.column}` };
  }
  try {
    return decodeJson(parsed.value, text, line, context);
  } catch (failure) {
    // A reader's bug on one record must not stop a file of a hundred thousand: say it, go on.
    const reason = failure instanceof Error ? failure.message : String(failure);
    return { ok: false, kind: 'decode', line, message: `Line ${line}: Parley failed to read this record (${reason})` };
  }
}

function decodeJson(json: unknown, text: string, line: number, context: DialectContext): RecordDecodeResult {
  const reading = chooseDialect(json, context);
  if (!reading) {
    const what = describeJson(json);
    const message = what === 'object' ? `not a conversation in any dialect Parley reads (its keys: ${keysOf(json)})` : `a JSON ${what}, not a conversation object`;
    return { ok: false, kind: 'dialect', line, message: `Line ${line}: ${message}` };
  }
  const { codec, decoded } = reading;
  if (!decoded.record) {
    const reasons = decoded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    return { ok: false, kind: 'decode', line, message: `Line ${line}: not readable as ${codec.label}: ${reasons.join('; ') || 'no reason given'}`, diagnostics: decoded.diagnostics };
  }
  return { ok: true, json, text, dialect: codec.id, record: decoded.record, diagnostics: decoded.diagnostics };
}

/** The first few keys of an object, for a message: `"x", "y"` or `none`. */
function keysOf(json: unknown): string {
  const keys = Object.keys(json as object);
  if (keys.length === 0) return 'none';
  const shown = keys.slice(0, 5).map((key) => JSON.stringify(key)).join(', ');
  return keys.length > 5 ? `${shown}, …` : shown;
}
