/**
 * The merge of JSON Lines files that several sides changed from one base (`parley review merge
 * BASE A B`, and `review join`, whose sides are the parts): byte-exact, as a three-way merge.
 * - Each side is aligned with the base (align.ts): a base line is kept, edited or deleted by
 *   it, and it may insert lines.
 * - A line no side changed is the base's bytes with the base's terminator. A line one side
 *   changed (or several the same way) is that side's bytes with that side's terminator. A line
 *   several sides changed differently is merged field by field (value-merge.ts): when the
 *   merged value is one side's, that side's bytes; else the value is written with the base
 *   line's key order and number spellings, and a field changed differently is a conflict that
 *   keeps the base's value until resolved (`resolveJsonlMerge`).
 * - A line one side deleted and another edited is a conflict that keeps the edit (nothing is lost).
 * - Lines inserted at one place by several sides: each side's run in the sides' order, a run
 *   equal to an earlier side's written once.
 * - The BOM and whether the last line ends with a newline are merged the same way (a change of
 *   one side is taken). A line terminator counts as part of the line, except that the last
 *   line's missing newline is not a change of that line.
 */
import { concatAll } from '../dataset/bytes.ts';
import type { JsonlIndex } from '../dataset/jsonl-indexer.ts';
import { indexJsonl } from '../dataset/jsonl-indexer.ts';
import { terminatorText, type Terminator } from '../dataset/record-index.ts';
import { stringifyJson } from '../shared/json-stringify.ts';
import { numberSpellings } from '../shared/number-spellings.ts';
import { commonLines, sideChanges, type SideChanges } from './align.ts';
import { lineKeys, sameLine, verifiedPairs } from './line-keys.ts';
import { mergeValues, pathText, sameJson, setAtPath, type PathStep } from './value-merge.ts';

export interface LinesFile {
  bytes: Uint8Array;
  index: JsonlIndex;
}

export function jsonlFile(bytes: Uint8Array): LinesFile {
  return { bytes, index: indexJsonl(bytes) };
}

export interface MergeSide {
  /** For messages: the file's name, `A`, a reviewer. */
  name: string;
  file: LinesFile;
  /** Its changes to the base; computed from the lines when absent. */
  changes?: SideChanges;
  /** With `changes`: base line → the side's line that is it unchanged (-1: none), for messages. */
  keptAt?: Int32Array;
  /** Whether its BOM and final newline are changes to take (default true; a part of a split: false). */
  trailer?: boolean;
}

export type ConflictKind = 'field' | 'deleted' | 'not-json';

export interface DatasetConflict {
  kind: ConflictKind;
  /** 1-based line of the record in the base. */
  line: number;
  /** Its 1-based line in each side (undefined: the side deleted it, or does not hold it). */
  sideLines: (number | undefined)[];
  /**
   * Whether each side holds the record: false for a part of a split that never had it (its
   * undefined line is no deletion, and taking it must not delete the record).
   */
  held: boolean[];
  /** The field (empty: the whole record); `pathText` writes it. */
  path: PathStep[];
  base: unknown;
  /** Each side's value there (undefined: absent or deleted). */
  sides: unknown[];
}

/** One line of the result: a line of the base or of a side, or a merged record. */
type Item = { base: number } | { side: number; line: number; record?: number } | { value: unknown; record: number };

export interface JsonlMerge {
  bytes: Uint8Array;
  conflicts: DatasetConflict[];
  /** For each base line, its 1-based line in the result (0: deleted). */
  baseOutputLines: Int32Array;
  /** For each side, each of its lines' 1-based line in the result (0: not in it). */
  sideOutputLines: Int32Array[];
  /** What `resolveJsonlMerge` rebuilds from. */
  readonly plan: MergePlan;
}

interface MergePlan {
  base: LinesFile;
  sides: readonly MergeSide[];
  items: Item[];
  /** The item of each conflict. */
  conflictItems: number[];
  bom: boolean;
  finalNewline: boolean;
}

const utf8 = new TextDecoder('utf-8');

function content(file: LinesFile, i: number): Uint8Array {
  return file.bytes.subarray(file.index.records.start(i), file.index.records.end(i));
}

function hasFinalNewline(file: LinesFile): boolean {
  const { records } = file.index;
  return records.count === 0 || records.terminator(records.count - 1) !== 'none';
}

/** Where each side's line went: the base line it is (unchanged or edited), or its own. */
interface Aligned {
  changes: SideChanges;
  /** Base line → the side's line that is it unchanged (-1: none). */
  keptAt: Int32Array;
}

export function mergeJsonl(base: LinesFile, sides: readonly MergeSide[]): JsonlMerge {
  const baseKeys = lineKeys(base);
  const aligned: Aligned[] = sides.map((side) => {
    const keys = side.changes ? [] : lineKeys(side.file);
    const common = side.changes ? undefined : verifiedPairs(commonLines(baseKeys, keys), base, side.file);
    const changes = side.changes ?? sideChanges(baseKeys.length, keys.length, common ?? []);
    const keptAt = side.keptAt ?? new Int32Array(baseKeys.length).fill(-1);
    if (common && !side.keptAt) for (const [b, j] of common) keptAt[b] = j;
    return { changes, keptAt };
  });
  const sameSideLines = (s: number, j: number, t: number, k: number): boolean => sameLine((sides[s] as MergeSide).file, j, (sides[t] as MergeSide).file, k);
  const items: Item[] = [];
  const conflicts: DatasetConflict[] = [];
  const conflictItems: number[] = [];
  const addConflict = (conflict: DatasetConflict): void => {
    conflicts.push(conflict);
    conflictItems.push(items.length);
  };

  const insertAfter = (after: number): void => {
    const written: { side: number; run: number[] }[] = [];
    sides.forEach((_, s) => {
      const run = (aligned[s] as Aligned).changes.inserted.get(after);
      if (!run) return;
      const again = written.some((w) => w.run.length === run.length && w.run.every((j, k) => sameSideLines(w.side, j, s, run[k] as number)));
      if (again) return;
      written.push({ side: s, run });
      for (const j of run) items.push({ side: s, line: j });
    });
  };

  insertAfter(-1);
  for (let i = 0; i < baseKeys.length; i++) {
    const edits: { side: number; line: number }[] = [];
    const deletedBy: number[] = [];
    aligned.forEach(({ changes }, s) => {
      const line = changes.edited.get(i);
      if (line !== undefined) edits.push({ side: s, line });
      else if (changes.deleted.has(i)) deletedBy.push(s);
    });
    if (edits.length === 0) {
      if (deletedBy.length === 0) items.push({ base: i });
    } else {
      const sideLineAt = (s: number): number | undefined => {
        const { changes, keptAt } = aligned[s] as Aligned;
        if (changes.deleted.has(i)) return undefined;
        const line = changes.edited.get(i) ?? (keptAt[i] as number);
        // -1: a side that does not hold the line (a part of a split without it).
        return line >= 0 ? line : undefined;
      };
      const sideLines = sides.map((_, s) => {
        const line = sideLineAt(s);
        return line === undefined ? undefined : line + 1;
      });
      const held = aligned.map(({ changes, keptAt }) => changes.deleted.has(i) || changes.edited.has(i) || (keptAt[i] as number) >= 0);
      if (deletedBy.length > 0) {
        const values = sides.map((side, s) => {
          const line = sideLineAt(s);
          return line === undefined ? undefined : orAbsent(parseLine(side.file, line));
        });
        addConflict({ kind: 'deleted', line: i + 1, sideLines, held, path: [], base: orAbsent(parseLine(base, i)), sides: values });
      }
      items.push(mergeEdits(i, edits, sideLines, held, base, sides, addConflict));
    }
    insertAfter(i);
  }

  const bom = takeChanged(base.index.bomLength > 0, sides.map((side) => (side.trailer === false ? undefined : side.file.index.bomLength > 0)));
  const finalNewline = takeChanged(hasFinalNewline(base), sides.map((side) => (side.trailer === false ? undefined : hasFinalNewline(side.file))));
  const plan: MergePlan = { base, sides, items, conflictItems, bom, finalNewline };
  return { ...assemble(plan), conflicts, plan };
}

function mergeEdits(
  i: number,
  edits: readonly { side: number; line: number }[],
  sideLines: (number | undefined)[],
  held: boolean[],
  base: LinesFile,
  sides: readonly MergeSide[],
  addConflict: (conflict: DatasetConflict) => void,
): Item {
  const first = edits[0] as { side: number; line: number };
  const fileOf = (e: { side: number }): LinesFile => (sides[e.side] as MergeSide).file;
  if (edits.every((e) => sameLine(fileOf(e), e.line, fileOf(first), first.line))) return { ...first, record: i };
  const baseValue = parseLine(base, i);
  const values = edits.map((e) => parseLine((sides[e.side] as MergeSide).file, e.line));
  if (baseValue === NOT_JSON || values.some((v) => v === NOT_JSON)) {
    addConflict({ kind: 'not-json', line: i + 1, sideLines, held, path: [], base: baseValue === NOT_JSON ? undefined : baseValue, sides: sideValues(sides.length, edits, values) });
    return { base: i };
  }
  const merged = mergeValues(baseValue, values);
  for (const conflict of merged.conflicts) {
    const sideAt = sides.map((_, s) => {
      const k = edits.findIndex((e) => e.side === s);
      return k === -1 ? valueAt(baseValue, conflict.path) : conflict.sides[k];
    });
    addConflict({ kind: 'field', line: i + 1, sideLines, held, path: conflict.path, base: conflict.base, sides: sideAt });
  }
  if (merged.conflicts.length === 0) {
    const same = edits.findIndex((_, k) => sameJson(values[k], merged.value));
    if (same !== -1) return { ...(edits[same] as { side: number; line: number }), record: i };
  }
  return { value: merged.value, record: i };
}

function sideValues(count: number, edits: readonly { side: number }[], values: readonly unknown[]): unknown[] {
  return Array.from({ length: count }, (_, s) => {
    const k = edits.findIndex((e) => e.side === s);
    return k === -1 || values[k] === NOT_JSON ? undefined : values[k];
  });
}

function valueAt(value: unknown, path: readonly PathStep[]): unknown {
  let at: unknown = value;
  for (const step of path) at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[step] : undefined;
  return at;
}

const NOT_JSON = Symbol('not JSON');

function orAbsent(value: unknown): unknown {
  return value === NOT_JSON ? undefined : value;
}

function parseLine(file: LinesFile, i: number): unknown {
  try {
    return JSON.parse(utf8.decode(content(file, i)));
  } catch {
    return NOT_JSON;
  }
}

/** The base's value, unless a side changed it (sides that do not take part: undefined). */
function takeChanged(base: boolean, sides: readonly (boolean | undefined)[]): boolean {
  return sides.some((side) => side !== undefined && side !== base) ? !base : base;
}

/** The result's bytes from the plan. */
function assemble(plan: MergePlan): Pick<JsonlMerge, 'bytes' | 'baseOutputLines' | 'sideOutputLines'> {
  const { base, sides, items } = plan;
  const dominant = base.index.records.dominantTerminator();
  const baseOutputLines = new Int32Array(base.index.records.count);
  const sideOutputLines = sides.map((side) => new Int32Array(side.file.index.records.count));
  const pieces: Uint8Array[] = [];
  if (plan.bom) pieces.push(new Uint8Array([0xef, 0xbb, 0xbf]));
  const encoder = new TextEncoder();
  items.forEach((item, k) => {
    let bytes: Uint8Array;
    let terminator: Terminator;
    if ('base' in item) {
      bytes = content(base, item.base);
      terminator = base.index.records.terminator(item.base);
      baseOutputLines[item.base] = k + 1;
    } else if ('side' in item) {
      const file = (sides[item.side] as MergeSide).file;
      bytes = content(file, item.line);
      terminator = file.index.records.terminator(item.line);
      (sideOutputLines[item.side] as Int32Array)[item.line] = k + 1;
      if (item.record !== undefined) baseOutputLines[item.record] = k + 1;
    } else {
      bytes = encoder.encode(writeValue(base, item.record, item.value));
      terminator = dominant;
      baseOutputLines[item.record] = k + 1;
    }
    const last = k === items.length - 1;
    if (last && !plan.finalNewline) terminator = 'none';
    else if (terminator === 'none') terminator = dominant;
    pieces.push(bytes);
    if (terminator !== 'none') pieces.push(encoder.encode(terminatorText(terminator)));
  });
  return { bytes: concatAll(pieces), baseOutputLines, sideOutputLines };
}

/** A merged record as one line: the base line's key order and number spellings kept where they still apply. */
function writeValue(base: LinesFile, record: number, value: unknown): string {
  const text = utf8.decode(content(base, record));
  let order: unknown;
  try {
    order = JSON.parse(text);
  } catch {
    order = undefined;
  }
  return stringifyJson(value, { order, spellings: numberSpellings(text) });
}

/** How a conflict is resolved: the value to put at its path (undefined: the field removed), or the record deleted. */
export type ConflictResolution = { value: unknown } | 'delete';

/**
 * The merge with conflicts resolved (the app's "take A", "take B", "edit"): `resolutions[k]` for
 * conflict k; a conflict without one keeps what the merge wrote.
 */
export function resolveJsonlMerge(merge: JsonlMerge, resolutions: ReadonlyMap<number, ConflictResolution>): Uint8Array {
  const plan = merge.plan;
  const items: (Item | undefined)[] = [...plan.items];
  merge.conflicts.forEach((conflict, k) => {
    const resolution = resolutions.get(k);
    if (resolution === undefined) return;
    const at = plan.conflictItems[k] as number;
    if (resolution === 'delete') {
      items[at] = undefined;
      return;
    }
    const item = items[at];
    const current = item === undefined ? conflict.base : 'value' in item ? item.value : 'base' in item ? parseLine(plan.base, item.base) : parseLine((plan.sides[item.side] as MergeSide).file, item.line);
    const start = current === NOT_JSON ? undefined : current;
    items[at] = { value: setAtPath(start, conflict.path, resolution.value), record: conflict.line - 1 };
  });
  return assemble({ ...plan, items: items.filter((item): item is Item => item !== undefined) }).bytes;
}

/** A conflict as one line of text, for the command's stderr. */
export function conflictText(conflict: DatasetConflict, sideNames: readonly string[]): string {
  const where = conflict.sideLines.map((line, s) => `${sideNames[s] ?? `side ${s + 1}`} ${line !== undefined ? `line ${line}` : conflict.held[s] === false ? 'does not hold it' : 'deleted'}`).join(', ');
  const what = conflict.kind === 'deleted' ? 'deleted by one side, edited by another' : conflict.kind === 'not-json' ? 'changed differently and not JSON on every side' : `${pathText(conflict.path)} changed differently`;
  const values = conflict.kind === 'field' ? `: base ${show(conflict.base)}, ${conflict.sides.map((v, s) => `${sideNames[s] ?? `side ${s + 1}`} ${show(v)}`).join(', ')}` : '';
  return `line ${conflict.line}: ${what} (${where})${values}`;
}

const SHOWN_VALUE_CHARS = 80;

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > SHOWN_VALUE_CHARS ? `${text.slice(0, SHOWN_VALUE_CHARS - 1)}…` : text;
}
