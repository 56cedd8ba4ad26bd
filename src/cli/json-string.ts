/**
 * `JSON.stringify(text)` for a string, faster on the long texts that `render --jsonl` writes.
 * Node's JSON.stringify (V8 11) copies a string one character at a time (~2 ns each: a
 * 27,000-character render took about as long to write as its record took to parse); native
 * searches and replacements of the few characters that need escaping are about a third
 * faster. Text with any other character to escape (a control character other than tab, line
 * feed and carriage return, a lone surrogate) is left to JSON.stringify. `json-string.test.ts`
 * checks it against JSON.stringify.
 */

/** What only JSON.stringify escapes here: other control characters and lone surrogates (pairs are written as they are). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const OTHER_ESCAPES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function jsonString(text: string): string {
  if (OTHER_ESCAPES.test(text)) return JSON.stringify(text);
  let s = text;
  // Backslashes first: the escapes added after them are not escaped again.
  if (s.includes('\\')) s = s.replaceAll('\\', '\\\\');
  if (s.includes('"')) s = s.replaceAll('"', '\\"');
  if (s.includes('\n')) s = s.replaceAll('\n', '\\n');
  if (s.includes('\r')) s = s.replaceAll('\r', '\\r');
  if (s.includes('\t')) s = s.replaceAll('\t', '\\t');
  return `"${s}"`;
}
