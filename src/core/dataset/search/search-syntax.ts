/**
 * The search box's syntax: qualifiers first, then the text.
 *
 *     role:assistant in:args tool:get_weather key:metadata.source="web crawl" Paris
 *
 * - `role:NAME` searches the messages of that role only; `tool:NAME` the arguments of the calls
 *   to that tool; `in:AREA` one kind of field (`text`, `thoughts`, `args`, `results`). A field
 *   is searched when it fits one of the values given for each of these (two `role:` are either).
 * - `key:PATH` needs the record's JSON to have that key (`metadata.source`, `messages.0.role`:
 *   keys and array indexes joined by dots); `key:PATH=VALUE` needs that value there. Every `key:`
 *   must hold. A key with a dot, a space or `=` in it is quoted: `key:"my.key"=1`.
 * - Values (of role, tool, and after `=`) are compared whole, `*` standing for any characters,
 *   and follow the Match case toggle. A value with spaces is quoted: `"web crawl"`, with `\"`
 *   and `\\` inside the quotes.
 * - Qualifiers are recognised only at the start, each a lower-case name, a colon and a value
 *   without a space between; the rest of the box, as typed, is the text (or regular
 *   expression). `text:` ends the qualifiers, whatever follows it: `text:role:x` searches for
 *   the text `role:x`, `role:user text: hi` for ` hi`.
 *
 * Parsing is its own step (not in compileQuery) so that a mistake in a qualifier is told as such
 * before anything is searched.
 */

/** The kinds of field `in:` names (text-fields.ts gives each field one). */
export const FIELD_AREAS = ['text', 'thoughts', 'args', 'results'] as const;
export type FieldArea = (typeof FIELD_AREAS)[number];

export interface KeyCondition {
  /** Object keys and array indexes (as written: `"0"`), from the record's top. */
  path: readonly string[];
  /** The value wanted there (`*` wildcards), or undefined: the key exists. */
  value?: string;
}

export interface SearchScope {
  /** Role names wanted (any of them); empty: any role. */
  roles: readonly string[];
  /** Tool names wanted (any of them); empty: any field. */
  tools: readonly string[];
  areas: readonly FieldArea[];
  keys: readonly KeyCondition[];
}

export interface ParsedSearch {
  /** The text or regular expression to find ('' when only qualifiers were given). */
  text: string;
  scope: SearchScope;
}

export type SearchParse = { ok: true; search: ParsedSearch } | { ok: false; error: string };

/** Sticky: tried at one position. `text:` may be followed by anything (a text may start with a space). */
const QUALIFIER = /(?:(role|tool|in|key):(?=\S)|(text):)/y;

/** The qualifiers and the text of what was typed in the search box. */
export function parseSearch(input: string): SearchParse {
  const roles: string[] = [];
  const tools: string[] = [];
  const areas: FieldArea[] = [];
  const keys: KeyCondition[] = [];
  let at = 0;
  let sawQualifier = false;
  for (;;) {
    // White space separates qualifiers, and the last one from the text.
    const start = skipSpace(input, at);
    QUALIFIER.lastIndex = start;
    const found = QUALIFIER.exec(input);
    const name = found?.[1] ?? found?.[2];
    if (name === undefined) {
      // Without a qualifier, the whole box is the text, spaces and all (as before qualifiers).
      if (sawQualifier) at = start;
      break;
    }
    sawQualifier = true;
    const cursor = new Cursor(input, start + name.length + 1);
    if (name === 'text') {
      at = cursor.at;
      break;
    }
    try {
      if (name === 'key') keys.push(readKey(cursor));
      else {
        const value = cursor.value();
        if (name === 'role') roles.push(value);
        else if (name === 'tool') tools.push(value);
        else if (isArea(value)) areas.push(value);
        else return { ok: false, error: `in: is one of ${FIELD_AREAS.join(', ')}, not “${value}”` };
      }
      cursor.endOfQualifier(name);
    } catch (failure) {
      return { ok: false, error: failure instanceof SyntaxError ? failure.message : String(failure) };
    }
    at = cursor.at;
  }
  return { ok: true, search: { text: input.slice(at), scope: { roles, tools, areas, keys } } };
}

/** True when the scope limits anything: a search with one cannot read a bad line as plain text. */
export function hasFieldScope(scope: SearchScope): boolean {
  return scope.roles.length > 0 || scope.tools.length > 0 || scope.areas.length > 0;
}

function isArea(value: string): value is FieldArea {
  return (FIELD_AREAS as readonly string[]).includes(value);
}

function skipSpace(input: string, at: number): number {
  while (at < input.length && /\s/.test(input[at] as string)) at++;
  return at;
}

function readKey(cursor: Cursor): KeyCondition {
  const path = [cursor.value(KEY_STOP)];
  while (cursor.peek() === '.') {
    cursor.at++;
    path.push(cursor.value(KEY_STOP));
  }
  if (cursor.peek() !== '=') return { path };
  cursor.at++;
  return { path, value: cursor.value(VALUE_STOP, true) };
}

/** What ends an unquoted key (`.` between keys, `=` before the value). */
const KEY_STOP = /[\s.="]/;
const VALUE_STOP = /\s/;

class Cursor {
  constructor(
    readonly input: string,
    public at: number,
  ) {}

  peek(): string | undefined {
    return this.input[this.at];
  }

  /** A quoted value, or the characters up to `stop`. `mayBeEmpty`: `key:a=` wants an empty value. */
  value(stop: RegExp = VALUE_STOP, mayBeEmpty = false): string {
    if (this.peek() === '"') return this.quoted();
    const from = this.at;
    while (this.at < this.input.length && !stop.test(this.input[this.at] as string)) this.at++;
    if (this.at === from && !mayBeEmpty) throw new SyntaxError(`A value is missing at “${this.input.slice(from, from + 12) || 'the end'}”`);
    return this.input.slice(from, this.at);
  }

  private quoted(): string {
    let out = '';
    for (let i = this.at + 1; i < this.input.length; i++) {
      const char = this.input[i] as string;
      if (char === '"') {
        this.at = i + 1;
        return out;
      }
      if (char === '\\' && i + 1 < this.input.length) out += this.input[++i];
      else out += char;
    }
    throw new SyntaxError(`A quote is not closed: ${this.input.slice(this.at)}`);
  }

  /** A qualifier ends at a space or the end of the box. */
  endOfQualifier(name: string): void {
    const next = this.peek();
    if (next !== undefined && !/\s/.test(next)) throw new SyntaxError(`${name}: ends at a space; found “${next}” after its value`);
  }
}
