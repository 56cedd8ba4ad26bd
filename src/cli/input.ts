/**
 * JSON text → a record: JSON syntax with line and column, the dialect (given, native or
 * detected: core's chooseDialect) and the codec's decode. A failure is one message saying what
 * and where; the caller makes it an exit-2 error (single input) or the diagnostics of one line
 * (JSONL).
 */
import { describeJsonTooDeep, findJsonTooDeep, parseJson, withoutIds, type Diagnostic, type InterchangeCodec, type ParleyRecord, type ReadHow } from '../core/index.ts';
import { readJson, type DialectChoice } from './dialect.ts';
import { dialectList } from './registries.ts';

export type Decoded =
  | { ok: true; record: ParleyRecord; diagnostics: Diagnostic[]; codec: InterchangeCodec; how: ReadHow; note?: string }
  | { ok: false; code: string; message: string };

/**
 * `name` names the input in messages (`data.json:4:5` for a syntax error at line 4, column 5).
 * Without a name the text is one JSON Lines record: its messages say nothing of where it was
 * (the caller adds the line for people), so that a record's result does not depend on which
 * part of a split input it came in.
 */
export function decodeJsonText(text: string, choice: DialectChoice, name?: string): Decoded {
  const parsed = parseJsonInput(text, name);
  return parsed.ok ? readJsonValue(parsed.value, choice, name) : parsed;
}

/**
 * The first half of `decodeJsonText`: the JSON value, or the syntax error said as it says it.
 * A value nested deeper than the app opens (MAX_JSON_DEPTH) is refused here, before any code
 * that walks it recursively (the readers, the renderers) could overflow the stack.
 */
export function parseJsonInput(text: string, name?: string): { ok: true; value: unknown } | (Decoded & { ok: false }) {
  const parsed = parseJsonSyntax(text, name);
  if (!parsed.ok) return parsed;
  return tooDeepFailure(parsed.value, name) ?? parsed;
}

/** `parseJsonInput` without the depth check: for a caller that proves the depth another way first (validate's clean path), then calls `tooDeepFailure`. */
export function parseJsonSyntax(text: string, name?: string): { ok: true; value: unknown } | (Decoded & { ok: false }) {
  const parsed = parseJson(text);
  if (parsed.ok) return parsed;
  const { line, column, message } = parsed.error;
  if (name === undefined) return { ok: false, code: 'cli/malformed-json', message: `malformed JSON at column ${column}: ${message}` };
  // Several JSON values, one per line, is JSON Lines read as one document.
  const hint = message.endsWith('after the JSON value') && line > 1 ? ' (one record per line? use --jsonl)' : '';
  return { ok: false, code: 'cli/malformed-json', message: `${name}:${line}:${column}: malformed JSON: ${message}${hint}` };
}

/** The failure of a parsed value nested deeper than MAX_JSON_DEPTH; undefined when it is not. */
export function tooDeepFailure(value: unknown, name?: string): (Decoded & { ok: false }) | undefined {
  const tooDeep = findJsonTooDeep(value);
  if (tooDeep === undefined) return undefined;
  const what = name === undefined ? 'the record' : name;
  return { ok: false, code: 'cli/too-deep', message: `${what} is ${describeJsonTooDeep(tooDeep)}; Parley does not read JSON this deep` };
}

/** The second half of `decodeJsonText`: a parsed JSON value read as a record. */
export function readJsonValue(value: unknown, choice: DialectChoice, name?: string): Decoded {
  const where = name === undefined ? '' : `${name}: `;
  // The command writes each record and drops it: no node ids (core's withoutIds).
  const reading = withoutIds(() => readJson(value, choice));
  if (!reading) return { ok: false, code: 'cli/unknown-dialect', message: `${where}cannot tell which JSON dialect this is; name it with ${choice.flag} (known: ${dialectList()})` };
  const { codec, decoded, how, note } = reading;
  if (!decoded.record) {
    const [first, ...rest] = decoded.diagnostics;
    const more = rest.length === 0 ? '' : ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})`;
    return { ok: false, code: 'cli/unreadable', message: `${where}not readable as ${codec.label}: ${first?.message ?? 'unknown problem'}${more}` };
  }
  const read = { ok: true as const, record: decoded.record, diagnostics: decoded.diagnostics, codec, how };
  return note === undefined ? read : { ...read, note };
}

/** A whole-record problem as a diagnostic (for JSONL output). */
export function failureDiagnostic(failure: { code: string; message: string }): Diagnostic {
  return { severity: 'error', code: failure.code, message: failure.message };
}
