/**
 * What a person searches for: a text or a regular expression, with or without case. Both are
 * compiled to one global, Unicode-aware RegExp (a text is a regular expression of itself), so
 * case folding, offsets and replacement follow one set of rules.
 */

export interface SearchQuery {
  pattern: string;
  /** `pattern` is a regular expression (JavaScript syntax, `u` flag) rather than a text. */
  regex: boolean;
  caseSensitive: boolean;
}

export interface Matcher {
  readonly query: SearchQuery;
  /** Global (`g`), Unicode (`u`), `i` when the case is ignored. Shared: callers reset `lastIndex`. */
  readonly regex: RegExp;
}

export type CompiledQuery = { ok: true; matcher: Matcher } | { ok: false; error: string };

/** One place in a text: a non-empty match. */
export interface TextMatch {
  offset: number;
  length: number;
}

/** `text` with the characters that mean something in a `u`-mode regular expression escaped. */
export function escapeRegExp(text: string): string {
  // `-` is left alone: in u mode `\-` is a syntax error outside a class.
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

export function compileQuery(query: SearchQuery): CompiledQuery {
  if (query.pattern === '') return { ok: false, error: 'Nothing to search for' };
  const source = query.regex ? query.pattern : escapeRegExp(query.pattern);
  const flags = query.caseSensitive ? 'gu' : 'giu';
  try {
    return { ok: true, matcher: { query, regex: new RegExp(source, flags) } };
  } catch (failure) {
    return { ok: false, error: failure instanceof Error ? failure.message : String(failure) };
  }
}

/**
 * The non-empty matches of `matcher` in `text`, left to right, not overlapping. Empty matches
 * (`x*` where there is no x) are skipped: a place that holds no text is no place to replace.
 */
export function findMatches(text: string, matcher: Matcher, limit = Infinity): TextMatch[] {
  const out: TextMatch[] = [];
  forEachMatch(text, matcher, (match) => {
    out.push({ offset: match.index, length: match[0].length });
    return out.length < limit;
  });
  return out;
}

/** Calls `visit` for each non-empty match; `visit` returns false to stop. */
export function forEachMatch(text: string, matcher: Matcher, visit: (match: RegExpExecArray) => boolean): void {
  const { regex } = matcher;
  regex.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = regex.exec(text)) !== null) {
    if (match[0].length === 0) {
      // Step over the empty match by a whole code point (u mode), as String.prototype.replace does.
      const code = text.codePointAt(regex.lastIndex);
      regex.lastIndex += code !== undefined && code > 0xffff ? 2 : 1;
      if (regex.lastIndex > text.length) break;
      continue;
    }
    if (!visit(match)) break;
  }
  regex.lastIndex = 0;
}

/** Whether `text` has at least one non-empty match. */
export function hasMatch(text: string, matcher: Matcher): boolean {
  let found = false;
  forEachMatch(text, matcher, () => {
    found = true;
    return false;
  });
  return found;
}
