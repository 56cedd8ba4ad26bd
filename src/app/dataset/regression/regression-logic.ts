/**
 * What the template regression does to each record, as plain functions (testable in Node
 * without a Worker): decode it as the dataset does (the app's dialect context), render it both
 * ways and compare (core's compareRecord, the comparison of `parley compare`). The counts per
 * kind and the list of records that differ are made from the rows on the page.
 */
import { decodeRecordBytes, decodeRecordText, type DialectContext, type Format, type OptionValues } from '../../../core/index.ts';
import { compareRecord, DIFFERENCE_KINDS, kindsOf, type CompareSide, type DifferenceKind, type Rendering } from '../../../core/compare/index.ts';
import type { Tokenizer } from '../../../core/tokens/index.ts';

/** One way of rendering, as the panel holds it and the worker receives it (plain data). */
export interface RegressionSide {
  formatId: string;
  options: OptionValues;
  /** A shipped tokenizer's id; undefined: none (ids and labels are compared when both sides have one). */
  tokenizer?: string | undefined;
}

/** A record's result: the same; what differs; or why a side (or the reader) could not make it. */
export type RegressionRow = { same: true } | { same: false; kinds: DifferenceKind[] } | { same: false; error: CompareSide | 'input'; message: string };

export type RowKind = DifferenceKind | 'error a' | 'error b' | 'input';

/** Compares records the two ways; `tokenizers` only when both sides have one. */
export function comparer(context: DialectContext, sides: [{ format: Format<OptionValues>; options: OptionValues }, { format: Format<OptionValues>; options: OptionValues }], tokenizers?: [Tokenizer, Tokenizer]) {
  const [a, b]: Rendering[] = sides.map((side, i) => (tokenizers ? { ...side, tokenizer: tokenizers[i] as Tokenizer } : side));
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
