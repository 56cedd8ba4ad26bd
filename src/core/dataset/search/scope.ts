/**
 * A search compiled from the search box (search-syntax.ts): the text's matcher, if there is a
 * text, and the scope, its names and values made into tests. The places a search finds in a
 * record are the text's matches in the fields in scope; without a text, the things the
 * qualifiers name: the calls to the tool (`tool:`), else the fields of the area (`in:`), else
 * the messages of the role (`role:`), else the record itself (only `key:` was given).
 */
import type { FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { compileQuery, escapeRegExp, forEachMatch, type Matcher, type SearchQuery, type TextMatch } from './query.ts';
import { hasFieldScope, parseSearch, type KeyCondition, type SearchScope } from './search-syntax.ts';
import { textFields, type TextField } from './text-fields.ts';

export interface CompiledSearch {
  /** What was typed, with the toggles. */
  query: SearchQuery;
  /** The text's matcher; undefined when only qualifiers were given. */
  text?: Matcher;
  scope: SearchScope;
  /** True when some field is out of scope (role, tool or in: given). */
  fieldScoped: boolean;
  /** Whether a field is searched. */
  inScope(field: TextField): boolean;
  /** Whether a message of this role is (`role:` only). */
  fitsRole(role: string | undefined): boolean;
  /** Whether the record's JSON has every `key:` asked for. */
  keysHold(json: unknown): boolean;
}

export type SearchCompile = { ok: true; search: CompiledSearch } | { ok: false; error: string };

export function compileSearch(query: SearchQuery): SearchCompile {
  if (query.pattern === '') return { ok: false, error: 'Nothing to search for' };
  const parsed = parseSearch(query.pattern);
  if (!parsed.ok) return parsed;
  const { text, scope } = parsed.search;
  let matcher: Matcher | undefined;
  if (text !== '') {
    const compiled = compileQuery({ ...query, pattern: text });
    if (!compiled.ok) return compiled;
    matcher = compiled.matcher;
  }
  const roles = scope.roles.map((role) => wholeValue(role, query.caseSensitive));
  const tools = scope.tools.map((tool) => wholeValue(tool, query.caseSensitive));
  const keys = scope.keys.map((key) => keyTest(key, query.caseSensitive));
  const fitsRole = (role: string | undefined): boolean => roles.length === 0 || (role !== undefined && roles.some((test) => test.test(role)));
  const inScope = (field: TextField): boolean =>
    fitsRole(field.role) &&
    (tools.length === 0 || (field.tool !== undefined && tools.some((tool) => tool.test(field.tool as string)))) &&
    (scope.areas.length === 0 || scope.areas.includes(field.area));
  const search: CompiledSearch = { query, scope, fieldScoped: hasFieldScope(scope), inScope, fitsRole, keysHold: (json) => keys.every((test) => test(json)) };
  if (matcher) search.text = matcher;
  return { ok: true, search };
}

/** A place the search found in a record. */
export interface ScopedMatch extends TextMatch {
  /** The field (text-fields.ts), message or call; `[]`: the record itself, or a bad line's text. */
  path: FieldPath;
}

/**
 * Every place of `search` in a decoded record, in document order. The key conditions are not
 * tested here (they are on the record's JSON: the caller tests `keysHold` first).
 */
export function scopedMatches(record: ParleyRecord, search: CompiledSearch): ScopedMatch[] {
  const out: ScopedMatch[] = [];
  const { text, scope } = search;
  if (text) {
    for (const field of textFields(record)) {
      if (search.fieldScoped && !search.inScope(field)) continue;
      forEachMatch(field.text, text, (match) => {
        out.push({ path: field.path, offset: match.index, length: match[0].length });
        return true;
      });
    }
    return out;
  }
  if (scope.tools.length > 0 || scope.areas.length > 0) {
    // Each call to a tool has one arguments field: the field stands for the call.
    for (const field of textFields(record)) if (search.inScope(field)) out.push({ path: field.path, offset: 0, length: 0 });
    return out;
  }
  if (scope.roles.length > 0) {
    if (record.kind !== 'chat') return out;
    record.messages.forEach((message, m) => {
      if (search.fitsRole(message.role)) out.push({ path: ['messages', m], offset: 0, length: 0 });
    });
    return out;
  }
  // Only keys: the record is the one place.
  return [{ path: [], offset: 0, length: 0 }];
}

/** How many places `scopedMatches` would give, without making them (a search over every record counts only). */
export function countPlaces(record: ParleyRecord, search: CompiledSearch): number {
  const { text } = search;
  if (!text) return scopedMatches(record, search).length;
  let places = 0;
  const count = (): boolean => {
    places++;
    return true;
  };
  for (const field of textFields(record)) {
    if (search.fieldScoped && !search.inScope(field)) continue;
    forEachMatch(field.text, text, count);
  }
  return places;
}

/** A value compared whole, `*` standing for any characters (none included). */
export function wholeValue(value: string, caseSensitive: boolean): RegExp {
  const source = value
    .split('*')
    .map(escapeRegExp)
    .join('[^]*');
  return new RegExp(`^${source}$`, caseSensitive ? 'u' : 'iu');
}

/** The value at `path` in a JSON value (object keys, array indexes), or undefined. */
export function valueAt(json: unknown, path: readonly string[]): unknown {
  let at: unknown = json;
  for (const key of path) {
    if (Array.isArray(at)) {
      if (!/^(?:0|[1-9][0-9]*)$/.test(key)) return undefined;
      at = at[Number(key)];
    } else if (at !== null && typeof at === 'object') {
      if (!Object.prototype.hasOwnProperty.call(at, key)) return undefined;
      at = (at as Record<string, unknown>)[key];
    } else return undefined;
  }
  return at;
}

/**
 * The test of one `key:`: the key is there (with any value, `null` too), and its value, when one
 * is asked for, is it: a string compared as it is, another value as its JSON text (`3`, `true`,
 * `null`, `["a","b"]`).
 */
function keyTest(key: KeyCondition, caseSensitive: boolean): (json: unknown) => boolean {
  const wanted = key.value === undefined ? undefined : wholeValue(key.value, caseSensitive);
  return (json) => {
    const value = valueAt(json, key.path);
    if (value === undefined) return false;
    if (!wanted) return true;
    return wanted.test(typeof value === 'string' ? value : JSON.stringify(value));
  };
}
