/**
 * A long text field is edited one part ("page") at a time: a browser textarea lays out its whole
 * text at once (about 0.3 ms per KB on the 2-core development machine: 6 s for 20 MB, and again
 * after a keystroke in it), so a field longer than LONG_TEXT_CHARS shows a window of at most that
 * many characters and splices what is typed there into the full value. Pure functions; the
 * component is WindowedTextarea.tsx.
 */

/**
 * A field longer than this is shown in parts of at most this many characters: about 30 ms of
 * layout for a part. Raise it for a faster machine (docs/editors.md#big-records).
 */
export const LONG_TEXT_CHARS = 100_000;

/**
 * Asks a field edited in parts to show offsets `{start, end}` of its full value and select them
 * (navigation/field-registry.ts sends it when a reveal falls outside the part shown).
 */
export const SHOW_TEXT_EVENT = 'parley:show-text';

export interface ShowTextDetail {
  start: number;
  end: number;
}

/** A part of `value`: the characters `[start, end)`. */
export interface TextPage {
  start: number;
  end: number;
}

/** Whether a field of this text is edited in parts. */
export function isLongText(value: string): boolean {
  return value.length > LONG_TEXT_CHARS;
}

/** Whether offset `at` falls between the two halves of a surrogate pair (one character). */
function splitsPair(value: string, at: number): boolean {
  const code = value.charCodeAt(at);
  const before = value.charCodeAt(at - 1);
  return at > 0 && code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
}

/** `at` moved back off the low half of a surrogate pair, so that no part splits a character. */
function onCharacter(value: string, at: number): number {
  return splitsPair(value, at) ? at - 1 : at;
}

/**
 * The part that starts at `start` (clamped into the text): up to `size` characters, ending after
 * a line break in its second half when there is one, so that parts end where lines do.
 */
export function pageAt(value: string, start: number, size = LONG_TEXT_CHARS): TextPage {
  const from = onCharacter(value, Math.max(0, Math.min(start, value.length)));
  let end = Math.min(value.length, from + size);
  if (end < value.length) {
    // Searched in the second half only: a text without line breaks is not scanned to its start.
    const half = from + Math.ceil(size / 2);
    const lineEnd = value.slice(half, end).lastIndexOf('\n');
    end = lineEnd !== -1 ? half + lineEnd + 1 : onCharacter(value, end);
    // A part is never empty while text remains (a size of 1 on a surrogate pair).
    if (end <= from) end = Math.min(value.length, from + 2);
  }
  return { start: from, end };
}

/** The start of the part before the one that starts at `start`: it ends where that one begins. */
export function previousPageStart(value: string, start: number, size = LONG_TEXT_CHARS): number {
  if (start <= 0) return 0;
  const from = Math.max(0, start - size);
  if (from === 0) return 0;
  // Begin after a line break in the first half, when there is one (the mirror of pageAt).
  const lineEnd = value.slice(from, from + Math.floor(size / 2)).indexOf('\n');
  if (lineEnd !== -1) return from + lineEnd + 1;
  // Moved forward off a pair's second half, so that the part stays within `size` (back instead
  // when that would leave it empty: a size of 1 cannot hold a pair).
  const forward = splitsPair(value, from) ? from + 1 : from;
  return forward < start ? forward : onCharacter(value, from);
}

/** The part that holds offset `at`, as the parts fall from the start of the value (shows a place in the text). */
export function pageHolding(value: string, at: number, size = LONG_TEXT_CHARS): TextPage {
  let page = pageAt(value, 0, size);
  while (at >= page.end && page.end < value.length) page = pageAt(value, page.end, size);
  return page;
}

/** The full value after the part `page` of `value` was changed to `typed`, and the part it is now. */
export function spliceTyped(value: string, page: TextPage, typed: string): { value: string; page: TextPage } {
  return { value: value.slice(0, page.start) + typed + value.slice(page.end), page: { start: page.start, end: page.start + typed.length } };
}
