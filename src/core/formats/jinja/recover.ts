/**
 * Span recovery for any template: render once with every field's text wrapped in markers,
 * find the markers, and accept the result only if the render with the markers taken out is
 * the plain render, character for character. A field is located when its two markers occur
 * exactly once each and enclose exactly its own text; otherwise (the template dropped it,
 * wrote it twice, or changed it: `| trim` of text with outer spaces, `| upper`, a slice) it is
 * not located, and nothing is guessed.
 *
 * When the marked render differs from the plain one (a template that tests `startswith`, or
 * trims text whose ends are spaces), the field at the first difference is unmarked and the
 * render repeated; after a few rounds every field the difference spans is unmarked at once.
 * A failing or endless disagreement leaves every field unlocated.
 */
import { canMark, scanMarkers, type MarkerScan } from './markers.ts';
import type { TextField } from './fields.ts';

export interface LocatedField {
  field: TextField;
  start: number;
  end: number;
}

export interface Recovery {
  located: LocatedField[];
  notLocated: TextField[];
  /** Why no field could be located, when none could be for a reason of the whole render. */
  failure?: string;
}

/** Rounds before giving up (each is one render of the template). */
const MAX_ROUNDS = 8;
/** Rounds that unmark only the field at the first difference; later ones unmark the whole differing stretch. */
const SINGLE_BLAME_ROUNDS = 3;

/** The marked render of the fields in `chosen`, or undefined when the template fails on it. */
export type MarkedRender = (chosen: ReadonlySet<number>) => string | undefined;

/** Message text (content, a text part, a response block), as opposed to names, arguments and outputs. */
function isMessageText(field: TextField): boolean {
  const last = field.path[field.path.length - 1];
  return last === 'content' || last === 'text';
}

function only(list: number[] | undefined): number | undefined {
  return list?.length === 1 ? list[0] : undefined;
}

function rangeOf(scan: MarkerScan, id: number): { start: number; end: number } | undefined {
  const start = only(scan.starts.get(id));
  const end = only(scan.ends.get(id));
  return start !== undefined && end !== undefined && start <= end ? { start, end } : undefined;
}

function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How far the differing stretch reaches in `a` (from the end, the common suffix excluded). */
function differenceEnd(a: string, b: string, from: number): number {
  let i = a.length;
  let j = b.length;
  while (i > from && j > from && a.charCodeAt(i - 1) === b.charCodeAt(j - 1)) {
    i--;
    j--;
  }
  return i;
}

/** The ids to unmark for a difference at `[from, to]` of the marked render's text. */
function blame(scan: MarkerScan, active: ReadonlySet<number>, from: number, to: number): number[] {
  const touching: number[] = [];
  let before: { id: number; end: number } | undefined;
  for (const id of active) {
    const starts = scan.starts.get(id) ?? [];
    const ends = scan.ends.get(id) ?? [];
    const lo = Math.min(...starts, ...ends);
    const hi = Math.max(...starts, ...ends);
    if (starts.length === 0 && ends.length === 0) continue;
    if (lo <= to && hi >= from) touching.push(id);
    else if (hi < from && (before === undefined || hi > before.end)) before = { id, end: hi };
  }
  if (touching.length > 0) return touching;
  return before ? [before.id] : [];
}

/**
 * `passedAsIs`: whether the template receives a field's text unchanged (the encoding may pass
 * it otherwise, e.g. arguments as an object); only those are marked.
 */
export function recoverSpans(plain: string, fields: readonly TextField[], renderMarked: MarkedRender, passedAsIs: (text: string) => boolean = () => true): Recovery {
  const active = new Set<number>();
  fields.forEach((field, id) => {
    if (canMark(field.text) && passedAsIs(field.text)) active.add(id);
  });
  for (let round = 0; round < MAX_ROUNDS && active.size > 0; round++) {
    const rendered = renderMarked(active);
    if (rendered === undefined) {
      // A template can test a name or an argument it expects bare (`tool_call.name == …`);
      // message text is marked once more on its own before giving up.
      const before = active.size;
      fields.forEach((field, id) => {
        if (!isMessageText(field)) active.delete(id);
      });
      if (active.size < before) continue;
      return unlocated(fields, 'the template fails when the fields are marked');
    }
    const scan = scanMarkers(rendered);
    if (scan.text === plain) return settle(fields, active, scan);
    const from = firstDifference(scan.text, plain);
    const to = round < SINGLE_BLAME_ROUNDS ? from : differenceEnd(scan.text, plain, from);
    const blamed = blame(scan, active, from, to);
    if (blamed.length === 0) return unlocated(fields, 'the template writes different text when the fields are marked');
    for (const id of blamed) active.delete(id);
  }
  if (active.size === 0) return unlocated(fields);
  return unlocated(fields, 'the template writes different text when the fields are marked');
}

function unlocated(fields: readonly TextField[], failure?: string): Recovery {
  return failure === undefined ? { located: [], notLocated: [...fields] } : { located: [], notLocated: [...fields], failure };
}

/** The accepted marked render: each active field whose markers enclose its own text, once, without overlapping another. */
function settle(fields: readonly TextField[], active: ReadonlySet<number>, scan: MarkerScan): Recovery {
  const candidates: LocatedField[] = [];
  const notLocated: TextField[] = [];
  fields.forEach((field, id) => {
    const range = active.has(id) ? rangeOf(scan, id) : undefined;
    if (range && scan.text.slice(range.start, range.end) === field.text) candidates.push({ field, ...range });
    else notLocated.push(field);
  });
  candidates.sort((a, b) => a.start - b.start);
  const located: LocatedField[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const current = candidates[i] as LocatedField;
    const previous = candidates[i - 1];
    const next = candidates[i + 1];
    const overlaps = (previous !== undefined && previous.end > current.start) || (next !== undefined && current.end > next.start);
    if (overlaps) notLocated.push(current.field);
    else located.push(current);
  }
  return { located, notLocated };
}
