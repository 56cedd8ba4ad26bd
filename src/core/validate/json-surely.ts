/**
 * Whether a text is surely one JSON value (RFC 8259, what `JSON.parse` accepts), found by a
 * scan that makes nothing: no value, no string, no result object. Renderers check every tool
 * call's arguments as JSON (to warn when they are not), and parsing each of them only to drop
 * the value was a measurable share of rendering a data set. `false` means "not sure": nesting
 * deeper than `MAX_DEPTH`, or not JSON; the caller then parses the text to say why
 * (`parseJson`), so a `false` never decides anything by itself. `json-surely.test.ts` checks the
 * scan against `JSON.parse`.
 */

/** Deeper nesting is left to `JSON.parse` (the scan recurses). */
const MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True only when `JSON.parse(text)` surely succeeds. */
export function isSurelyJson(text: string): boolean {
  const end = skipSpace(text, 0);
  const after = value(text, end, 0);
  return after > 0 && skipSpace(text, after) === text.length;
}

/** True only when `JSON.parse(text)` surely gives an object (`{…}`, not an array). */
export function isSurelyJsonObject(text: string): boolean {
  return text.charCodeAt(skipSpace(text, 0)) === 0x7b && isSurelyJson(text);
}

/** The offset after the JSON value at `at` (no white space before it), or -1 when there is none or the scan is not sure. */
export function scanJsonValue(text: string, at: number): number {
  return value(text, at, 0);
}

/** The offset of the first character at or after `at` that is not JSON's white space. */
export function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i += 1;
  }
  return i;
}

/** The offset after the value at `at`, or -1 when there is none (or it is not sure). */
function value(text: string, at: number, depth: number): number {
  switch (text.charCodeAt(at)) {
    case QUOTE:
      return string(text, at);
    case 0x7b: // {
      return depth < MAX_DEPTH ? object(text, at, depth + 1) : -1;
    case 0x5b: // [
      return depth < MAX_DEPTH ? array(text, at, depth + 1) : -1;
    case 0x74: // t
      return text.startsWith('true', at) ? at + 4 : -1;
    case 0x66: // f
      return text.startsWith('false', at) ? at + 5 : -1;
    case 0x6e: // n
      return text.startsWith('null', at) ? at + 4 : -1;
    default:
      return number(text, at);
  }
}

/** `"…"` with the escapes `\" \\ \/ \b \f \n \r \t \uXXXX` and no control character. */
function string(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c === BACKSLASH) {
      const e = text.charCodeAt(i + 1);
      if (e === 0x75) {
        // \u and four hex digits
        for (let k = i + 2; k < i + 6; k++) if (!isHex(text.charCodeAt(k))) return -1;
        i += 6;
        continue;
      }
      if (e !== QUOTE && e !== BACKSLASH && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) return -1;
      i += 2;
      continue;
    }
    i += 1;
  }
  return -1;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` */
function number(text: string, at: number): number {
  let i = at;
  if (text.charCodeAt(i) === 0x2d) i += 1; // -
  const first = text.charCodeAt(i);
  if (first === 0x30) i += 1;
  else if (first >= 0x31 && first <= 0x39) while (isDigit(text.charCodeAt(i))) i += 1;
  else return -1;
  if (text.charCodeAt(i) === 0x2e) {
    // .
    i += 1;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i += 1;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i += 1;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i += 1;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i += 1;
  }
  return i;
}

function object(text: string, at: number, depth: number): number {
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === 0x7d) return i + 1; // {}
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return -1;
    i = string(text, i);
    if (i < 0) return -1;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== 0x3a) return -1; // :
    i = value(text, skipSpace(text, i + 1), depth);
    if (i < 0) return -1;
    i = skipSpace(text, i);
    const next = text.charCodeAt(i);
    if (next === 0x7d) return i + 1; // }
    if (next !== 0x2c) return -1; // ,
    i = skipSpace(text, i + 1);
  }
}

function array(text: string, at: number, depth: number): number {
  let i = skipSpace(text, at + 1);
  if (text.charCodeAt(i) === 0x5d) return i + 1; // []
  for (;;) {
    i = value(text, i, depth);
    if (i < 0) return -1;
    i = skipSpace(text, i);
    const next = text.charCodeAt(i);
    if (next === 0x5d) return i + 1; // ]
    if (next !== 0x2c) return -1; // ,
    i = skipSpace(text, i + 1);
  }
}
