/**
 * A cheap test on a record's raw text that can rule a record out before it is decoded: a
 * search for a text looks first for an **anchor**, a piece of the text that any match must
 * contain literally in the line. It may let through a record that has no match (the decoded
 * search then finds none) but never rules out one that has a match. Regular expressions get no
 * anchor: every record is decoded.
 *
 * Why an anchor and not the whole text: a record's fields are not always its JSON strings as
 * written. Strings are written with escapes (`\n`, `\u00e9`), thoughts may be joined with blank
 * lines, and tool-call arguments given as JSON objects (Anthropic `input`, ShareGPT
 * `function_call` values, which are JSON text inside a string) become JSON text written again,
 * with new separators, new escapes and re-formatted numbers. The anchor is chosen to survive
 * all of that:
 *
 * - no control characters, spaces, quotes, backslashes or `{}[]:,` (the separators and escapes
 *   JSON writing adds), so an anchor lies inside one string, key or number of the line;
 * - not starting with what could be the tail of an escape JSON writing adds (`n` of `\n`,
 *   `001f` of `\u001f`): those characters are dropped from its start;
 * - not made only of characters a re-written number can produce (digits, `.`, `e`, `+`, `-`)
 *   or only of the letters of `null` (what an out-of-range number becomes).
 *
 * The line is tested as written, with its escapes undone, and with them undone twice (JSON text
 * inside a JSON string); an anchor in none of the three cannot be in any field.
 *
 * A `key:` condition (search-syntax.ts) adds anchors that must all be there too: its last key
 * (with the case), and a piece of its value (a string value is in the line as a JSON string; any
 * other value is compared as its JSON text, which the same rules make safe). Roles and tool names
 * give none: a dialect may write a role under another name (ShareGPT's `human` is `user`).
 */
import { escapeRegExp, type SearchQuery } from './query.ts';
import type { CompiledSearch } from './scope.ts';

export interface Prefilter {
  /** Every one must be in the line (in some form) for the record to match; the text's first. */
  anchors: readonly string[];
  /** True when `text` (a record's raw text) may hold a match. */
  mayMatch(text: string): boolean;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON writing escapes
const SEPARATOR = /[\u0000-\u0020"\\{}[\]:,]+/u;

/** The prefilter of a search, or undefined when none is sound for it (see the file comment). */
export function prefilterOf(search: CompiledSearch): Prefilter | undefined {
  const { query, scope } = search;
  const tests: AnchorTest[] = [];
  if (search.text) {
    const text = textAnchor(search.text.query);
    if (text) tests.push(text);
  }
  for (const key of scope.keys) {
    const name = [...key.path].reverse().find((segment) => !/^[0-9]+$/.test(segment));
    const keyAnchor = name === undefined ? undefined : searchAnchor(name, true);
    if (keyAnchor !== undefined) tests.push(anchorTest(keyAnchor, true));
    const pieces = key.value === undefined ? [] : key.value.split('*').map((piece) => searchAnchor(piece, query.caseSensitive));
    const valueAnchor = longest(pieces);
    if (valueAnchor !== undefined) tests.push(anchorTest(valueAnchor, query.caseSensitive));
  }
  if (tests.length === 0) return undefined;
  return { anchors: tests.map((test) => test.anchor), mayMatch: (text) => tests.every((test) => test.mayMatch(text)) };
}

interface AnchorTest {
  anchor: string;
  mayMatch(text: string): boolean;
}

/** The anchor test of a text query, or undefined (regular expressions, short or numeric texts). */
function textAnchor(query: SearchQuery): AnchorTest | undefined {
  if (query.regex) return undefined;
  const anchor = searchAnchor(query.pattern, query.caseSensitive);
  return anchor === undefined ? undefined : anchorTest(anchor, query.caseSensitive);
}

function anchorTest(anchor: string, caseSensitive: boolean): AnchorTest {
  if (caseSensitive) return { anchor, mayMatch: (text) => inSomeForm(text, (form) => form.includes(anchor)) };
  const pattern = new RegExp(escapeRegExp(anchor), 'iu');
  return { anchor, mayMatch: (text) => inSomeForm(text, (form) => pattern.test(form)) };
}

function longest(anchors: readonly (string | undefined)[]): string | undefined {
  let best: string | undefined;
  for (const anchor of anchors) if (anchor !== undefined && (best === undefined || anchor.length > best.length)) best = anchor;
  return best;
}

/** The longest usable anchor of `needle` (see the file comment), or undefined. */
export function searchAnchor(needle: string, caseSensitive: boolean): string | undefined {
  const flags = caseSensitive ? 'u' : 'iu';
  const numberOnly = new RegExp('^[0-9.e+\\-]+$', flags);
  const nullOnly = new RegExp('^[nul]+$', flags);
  let best: string | undefined;
  for (const run of needle.split(SEPARATOR)) {
    const anchor = run.slice(escapeTailLength(run, flags));
    if (anchor === '' || numberOnly.test(anchor) || nullOnly.test(anchor)) continue;
    if (best === undefined || anchor.length > best.length) best = anchor;
  }
  return best;
}

// The escapes JSON.stringify writes: \b \f \n \r \t, and \u00XX (other control characters) or
// \uDXXX (lone surrogates), in lower case. An anchor may begin at any character of their tail.
const TAIL_SUFFIXES: readonly string[] = [
  'u(?:00[01][0-9a-f]|d[89a-f][0-9a-f]{2})',
  '(?:00[01][0-9a-f]|d[89a-f][0-9a-f]{2})',
  '(?:0[01][0-9a-f]|[89a-f][0-9a-f]{2})',
  '[0-9a-f]{2}',
  '[0-9a-f]|[bfnrt]',
];

/** How many characters at the start of `run` could be the tail of an escape JSON writing added. */
function escapeTailLength(run: string, flags: string): number {
  for (let i = 0; i < TAIL_SUFFIXES.length; i++) {
    const length = TAIL_SUFFIXES.length - i;
    if (new RegExp(`^(?:${TAIL_SUFFIXES[i]})$`, flags).test(run.slice(0, length))) return length;
  }
  return 0;
}

/** `test` on the text as written, then with its JSON escapes undone once and twice, until one passes. */
function inSomeForm(text: string, test: (form: string) => boolean): boolean {
  let form = text;
  for (let level = 0; level < 3; level++) {
    if (test(form)) return true;
    if (!form.includes('\\')) return false;
    form = unescapeJson(form);
  }
  return false;
}

const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|([^]))/g;
const SHORT: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * `text` with every JSON escape replaced by the character it stands for, wherever it is (the
 * strings of a JSON line decode to substrings of the result). An unknown escape `\x` gives `x`.
 */
export function unescapeJson(text: string): string {
  return text.replace(ESCAPE, (_, hex: string | undefined, char: string | undefined) => (hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : (SHORT[char as string] ?? (char as string))));
}
