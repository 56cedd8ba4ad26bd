/**
 * What the template regression does to each record, as plain functions (testable in Node
 * without a Worker): decode it as the dataset does (the app's dialect context), render it both
 * ways and compare (core's compareRecord, the comparison of `parley compare`), the records as
 * Save would write them (the person's unsaved edits included). The counts per kind and the list
 * of records that differ are made from the rows on the page.
 */
import { decodeRecordBytes, decodeRecordText, type DialectContext, type Format, type OptionValues } from '../../../core/index.ts';
import { compareRecord, DIFFERENCE_KINDS, kindsOf, type CompareSide, type DifferenceKind, type Rendering } from '../../../core/compare/index.ts';
import type { MaskOptions, Tokenizer } from '../../../core/tokens/index.ts';
import type { DatasetChanges } from '../../store/dataset-model.ts';

/** A side's tokenizer choice for "what fits": the format's own, or for the Jinja format the template's (app/tokens/format-fit.ts). */
export const OWN_TOKENIZER = 'own';

/** The training mask of a side, as the Token view's controls set it (without per-message switches: those belong to one record). */
export interface SideMask {
  /** `all`: every assistant turn is trained; `last`: only the last one. */
  turns: 'all' | 'last';
  /** Whether thoughts and tool calls written by the assistant are trained. */
  thoughtsAndTools: boolean;
}

export const DEFAULT_SIDE_MASK: SideMask = { turns: 'all', thoughtsAndTools: true };

/** One way of rendering, as the panel holds it and the worker receives it (plain data). */
export interface RegressionSide {
  formatId: string;
  options: OptionValues;
  /**
   * `own` (OWN_TOKENIZER): the format's own, or the Jinja template's; a shipped tokenizer's id;
   * undefined: none (ids and labels are compared when both sides have one).
   */
  tokenizer?: string | undefined;
  /** The labels' mask (default: every assistant turn, thoughts and tool calls trained). */
  mask?: SideMask | undefined;
  /** The tokenizer_config.json pasted into the side, parsed: the model it names finds the template's tokenizer. */
  config?: object | undefined;
}

/** A side's mask as core's options (the one "thoughts and tool calls" switch sets both, as in the Token view). */
export function maskOptionsOf(mask: SideMask | undefined): MaskOptions {
  const { turns, thoughtsAndTools } = mask ?? DEFAULT_SIDE_MASK;
  return { turns, thoughts: thoughtsAndTools, toolCalls: thoughtsAndTools };
}

/** The person's unsaved changes as Save would write them, for the worker (plain data). */
export interface RegressionEdits {
  /** Record id (of the file, or added) → its edited text. */
  edited: ReadonlyMap<number, string>;
  /** The file's records that were deleted: not compared. */
  deleted: ReadonlySet<number>;
  /** Added records, in the order they are written: their id, their line, and the file's record they copy while not edited. */
  added: readonly { id: number; line: number; copyOf?: number }[];
}

/** The dataset's changes (store/dataset-model.ts) as the regression reads them; `lineOf` the line the list shows for an id. */
export function regressionEditsOf(changes: DatasetChanges, lineOf: (id: number) => number): RegressionEdits {
  const added: { id: number; line: number; copyOf?: number }[] = [];
  const anchors = [...changes.inserted.keys()].sort((a, b) => a - b);
  for (const anchor of anchors) {
    for (const id of changes.inserted.get(anchor) ?? []) {
      const copyOf = changes.edited.has(id) ? undefined : changes.copies.get(id);
      // An added record neither edited nor a copy has no text yet: Save writes nothing for it.
      if (!changes.edited.has(id) && copyOf === undefined) continue;
      added.push({ id, line: lineOf(id), ...(copyOf === undefined ? {} : { copyOf }) });
    }
  }
  return { edited: changes.edited, deleted: changes.deleted, added };
}

/** A record's result: the same; what differs; or why a side (or the reader) could not make it. */
export type RegressionRow = { same: true } | { same: false; kinds: DifferenceKind[] } | { same: false; error: CompareSide | 'input'; message: string };

export type RowKind = DifferenceKind | 'error a' | 'error b' | 'input';

/** A side as the comparer takes it: its format loaded, its options, and the mask of its labels. */
export interface ComparerSide {
  format: Format<OptionValues>;
  options: OptionValues;
  mask?: MaskOptions;
}

/** Compares records the two ways; `tokenizers` only when both sides have one (the masks matter only then). */
export function comparer(context: DialectContext, sides: [ComparerSide, ComparerSide], tokenizers?: [Tokenizer, Tokenizer]) {
  const [a, b]: Rendering[] = sides.map((side, i) => (tokenizers ? { ...side, tokenizer: tokenizers[i] as Tokenizer } : { format: side.format, options: side.options }));
  const compare = (result: ReturnType<typeof decodeRecordText>): RegressionRow | undefined => {
    if (!result.ok) return result.kind === 'blank' ? undefined : { same: false, error: 'input', message: result.message };
    const comparison = compareRecord(result.record, a as Rendering, b as Rendering);
    if (comparison.same) return { same: true };
    if ('error' in comparison) return { same: false, error: comparison.error, message: comparison.diagnostics[0]?.message ?? 'it cannot be rendered' };
    return { same: false, kinds: kindsOf(comparison) };
  };
  return {
    bytes: (bytes: Uint8Array, line: number) => compare(decodeRecordBytes(bytes, line, context)),
    text: (text: string, line: number) => compare(decodeRecordText(text, line, context)),
  };
}

/** The kinds a row counts under. */
export function rowKinds(row: RegressionRow): RowKind[] {
  if (row.same) return [];
  if ('error' in row) return [row.error === 'input' ? 'input' : `error ${row.error}`];
  return row.kinds;
}

export const ROW_KINDS: readonly RowKind[] = [...DIFFERENCE_KINDS, 'error a', 'error b', 'input'];

export interface RegressionCounts {
  compared: number;
  same: number;
  /** Records that differ in text, ids or labels (a record may count under several kinds). */
  differ: number;
  perKind: Record<RowKind, number>;
}

/** The counts of the rows measured so far (undefined and null rows: not measured yet, or blank). */
export function countRows(rows: readonly (RegressionRow | null | undefined)[]): RegressionCounts {
  const perKind = Object.fromEntries(ROW_KINDS.map((kind) => [kind, 0])) as Record<RowKind, number>;
  let compared = 0;
  let same = 0;
  let differ = 0;
  for (const row of rows) {
    if (!row) continue;
    compared += 1;
    if (row.same) same += 1;
    else if (!('error' in row)) differ += 1;
    for (const kind of rowKinds(row)) perKind[kind] += 1;
  }
  return { compared, same, differ, perKind };
}
