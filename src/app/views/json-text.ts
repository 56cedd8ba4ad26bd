/**
 * The JSON view's side of editing: the record in a dialect (the text shown, and what the dialect
 * cannot hold), JSON text → record with the dialect's decoder (syntax errors and decode errors
 * placed in the text), and the merge base. Imports the codecs: only the lazily loaded JSON view
 * uses this module.
 */
import { describeJsonSyntaxError, describeJsonTooDeep, findCodec, findJsonTooDeep, hasErrors, parseJson, type Diagnostic, type ParleyRecord } from '../../core/index.ts';
import type { ReadBack } from './edit-session.ts';
import { locateJsonPath } from './json-locate.ts';
import { wordRangeAt, type Problem } from './problems.ts';

export interface DialectText {
  /** The record in the dialect, indented with 2 spaces (as Export writes it, without the final newline). */
  text: string;
  /** What the dialect could not express. */
  losses: Diagnostic[];
}

let lastText: { record: ParleyRecord; codecId: string; result: DialectText } | undefined;

export function dialectText(record: ParleyRecord, codecId: string): DialectText {
  if (lastText && lastText.record === record && lastText.codecId === codecId) return lastText.result;
  const codec = findCodec(codecId);
  let result: DialectText;
  if (!codec) {
    result = { text: '', losses: [{ severity: 'error', code: 'unknown-dialect', message: `Unknown dialect "${codecId}".` }] };
  } else {
    try {
      const { json, diagnostics } = codec.encode(record);
      result = { text: JSON.stringify(json, null, 2), losses: diagnostics };
    } catch (thrown) {
      result = { text: '', losses: [{ severity: 'error', code: 'encode-failed', message: `${codec.label} could not write the record: ${thrown instanceof Error ? thrown.message : String(thrown)}` }] };
    }
  }
  lastText = { record, codecId, result };
  return result;
}

export function readDialectText(text: string, codecId: string): ReadBack {
  const codec = findCodec(codecId);
  if (!codec) return { problems: [{ diagnostic: { severity: 'error', code: 'unknown-dialect', message: `Unknown dialect "${codecId}".` } }] };
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const diagnostic: Diagnostic = { severity: 'error', code: 'json-syntax', message: `Not valid JSON: ${describeJsonSyntaxError(parsed.error)}.` };
    return { problems: [{ diagnostic, range: wordRangeAt(text, parsed.error.offset) }] };
  }
  // The same limit as opening a file: recursive code downstream would overflow the stack.
  const deep = findJsonTooDeep(parsed.value);
  if (deep) return { problems: [{ diagnostic: { severity: 'error', code: 'json-too-deep', message: `Not applied: ${describeJsonTooDeep(deep)}.` } }] };
  let decoded;
  try {
    decoded = codec.decode(parsed.value);
  } catch (thrown) {
    return { problems: [{ diagnostic: { severity: 'error', code: 'decode-failed', message: `${codec.label} could not read the JSON: ${thrown instanceof Error ? thrown.message : String(thrown)}` } }] };
  }
  const problems: Problem[] = decoded.diagnostics.map((diagnostic) => {
    const range = diagnostic.path ? locateJsonPath(text, diagnostic.path) : undefined;
    return range ? { diagnostic, range } : { diagnostic };
  });
  return decoded.record && !hasErrors(decoded.diagnostics) ? { record: decoded.record, problems } : { problems };
}

let lastBase: { record: ParleyRecord; codecId: string; base: ParleyRecord } | undefined;

/** The record as the dialect reads it back (what the JSON view showed, decoded); the record itself if that fails. */
export function dialectBase(record: ParleyRecord, codecId: string): ParleyRecord {
  if (lastBase && lastBase.record === record && lastBase.codecId === codecId) return lastBase.base;
  const read = readDialectText(dialectText(record, codecId).text, codecId);
  lastBase = { record, codecId, base: read.record ?? record };
  return lastBase.base;
}
