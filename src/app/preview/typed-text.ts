/**
 * The text of an editor model being typed into, kept from Monaco's change events instead of
 * read with `getValue()` on every keystroke: the text last applied (`base`) with one region of
 * it replaced. A keystroke costs the size of that region, not of the text; the whole text is
 * built only when it is read back (once per pause in typing).
 */
import { minimalEdit } from './text-diff.ts';

/** One change of a Monaco content event (`IModelContentChange`): offsets in the text before it. */
export interface ContentChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

/** `base` with `[start, end)` replaced by `middle`; an empty region with no middle is `base` itself. */
export interface TypedText {
  readonly base: string;
  readonly start: number;
  readonly end: number;
  readonly middle: string;
}

export function untouched(base: string): TypedText {
  return { base, start: 0, end: 0, middle: '' };
}

export function isUntouched(typed: TypedText): boolean {
  return typed.start === typed.end && typed.middle === '';
}

export function typedLength(typed: TypedText): number {
  return typed.base.length - (typed.end - typed.start) + typed.middle.length;
}

export function typedValue(typed: TypedText): string {
  return isUntouched(typed) ? typed.base : typed.base.slice(0, typed.start) + typed.middle + typed.base.slice(typed.end);
}

/** Whether the typed text is `text`: O(1) when the lengths differ or it is the untouched base. */
export function typedEquals(typed: TypedText, text: string): boolean {
  if (text === typed.base) return isUntouched(typed) || typed.middle === typed.base.slice(typed.start, typed.end);
  return typedLength(typed) === text.length && typedValue(typed) === text;
}

/**
 * Applies one content event's changes (Monaco orders them from the end of the text to the
 * beginning, so each one's offsets hold when applied in turn). The region is kept minimal
 * (`minimalEdit`), so typing back what was there makes it untouched again.
 */
export function applyChanges(typed: TypedText, changes: readonly ContentChange[]): TypedText {
  let current = typed;
  for (const change of changes) current = applyChange(current, change);
  return current;
}

function applyChange(typed: TypedText, change: ContentChange): TypedText {
  const { base } = typed;
  const from = change.rangeOffset;
  const to = change.rangeOffset + change.rangeLength;
  // The region to rebuild, in the current text: the old region and the change together.
  const empty = isUntouched(typed);
  const middleEnd = typed.start + typed.middle.length;
  const lo = empty ? from : Math.min(from, typed.start);
  const hi = empty ? to : Math.max(to, middleEnd);
  // The same region in `base`: outside the old region the current text is the base, shifted after it.
  const shift = empty ? 0 : typed.middle.length - (typed.end - typed.start);
  const baseLo = lo;
  const baseHi = hi - shift;
  const current = empty ? base.slice(lo, hi) : base.slice(lo, typed.start) + typed.middle + base.slice(typed.end, baseHi);
  const replaced = current.slice(0, from - lo) + change.text + current.slice(to - lo);
  const edit = minimalEdit(base.slice(baseLo, baseHi), replaced);
  return edit ? { base, start: baseLo + edit.start, end: baseLo + edit.end, middle: edit.text } : untouched(base);
}
