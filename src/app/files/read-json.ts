/**
 * Text of a file or a paste → one JSON value. A `.jsonl` file (or pasted JSON Lines) gives its
 * first record, and says so. Malformed JSON gives the line and column of the first error.
 */
import { describeJsonSyntaxError, parseJson } from '../../core/index.ts';

export type ReadJsonResult =
  | { ok: true; value: unknown; note?: string }
  | { ok: false; title: string; details: string[] };

const JSONL_NAME = /\.(jsonl|ndjson)$/i;

export function readJson(text: string, sourceName: string): ReadJsonResult {
  if (JSONL_NAME.test(sourceName)) return readJsonLines(text, sourceName);
  const parsed = parseJson(text);
  if (parsed.ok) return { ok: true, value: parsed.value };
  // Pasted JSON Lines: the whole text is not JSON, but its first line is a record and more follow.
  const lines = nonEmptyLines(text);
  if (lines.length > 1 && lines[0] !== undefined) {
    const first = parseJson(lines[0].text);
    if (first.ok && typeof first.value === 'object' && first.value !== null) return readJsonLines(text, sourceName);
  }
  return { ok: false, title: `${sourceName} is not valid JSON: ${describeJsonSyntaxError(parsed.error)}. Nothing was changed.`, details: [] };
}

function readJsonLines(text: string, sourceName: string): ReadJsonResult {
  const lines = nonEmptyLines(text);
  const first = lines[0];
  if (first === undefined) return { ok: false, title: `${sourceName} is empty: no JSON Lines record to open. Nothing was changed.`, details: [] };
  const parsed = parseJson(first.text);
  if (!parsed.ok) {
    const { message, column } = parsed.error;
    return { ok: false, title: `${sourceName} is not valid JSON Lines: ${message} at line ${first.line}, column ${column}. Nothing was changed.`, details: [] };
  }
  const note =
    lines.length === 1
      ? `${sourceName} is JSON Lines with one record.`
      : `${sourceName} is JSON Lines with ${lines.length} records: Parley opened the first (line ${first.line}); the others were not opened.`;
  return { ok: true, value: parsed.value, note };
}

function nonEmptyLines(text: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() !== '') out.push({ text: line, line: index + 1 });
  });
  return out;
}
