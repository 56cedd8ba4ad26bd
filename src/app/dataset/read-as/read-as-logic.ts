/**
 * What the dataset's "Read as" control shows, as plain functions: how many records each dialect
 * reads now (the rows' summaries), and which dialect the detection chooses for a record and why
 * (core's chooseDialect with no dialect named, by evidence alone: the rule the command
 * follows without `--input-dialect`).
 */
import { chooseDialect, dialectContextOf, findCodec, parseJson } from '../../../core/index.ts';
import type { DatasetRow } from '../../store/index.ts';

export interface DialectCount {
  id: string;
  label: string;
  records: number;
}

/** The dialects the listed records are read as, most records first (records not read yet, and bad lines, are not counted). */
export function dialectCounts(rows: readonly (DatasetRow | undefined)[], order: readonly number[]): DialectCount[] {
  const counts = new Map<string, number>();
  for (const id of order) {
    const dialect = rows[id]?.summary?.dialect;
    if (dialect !== undefined) counts.set(dialect, (counts.get(dialect) ?? 0) + 1);
  }
  return [...counts]
    .map(([id, records]) => ({ id, label: findCodec(id)?.label ?? id, records }))
    .sort((a, b) => b.records - a.records || a.label.localeCompare(b.label));
}

export interface Detected {
  label: string;
  /** Why, as words that follow the label: "(the format's own dialect reads it whole)". */
  why: string;
}

/** The dialect a record's text is read as when none is named, and why; undefined when none reads it. */
export function detectedReading(text: string): Detected | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  const reading = chooseDialect(parsed.value, dialectContextOf({}));
  if (!reading) return undefined;
  const { label } = reading.codec;
  if (reading.note !== undefined) return { label, why: reading.note };
  return { label, why: `its fields mark it as ${label}` };
}
