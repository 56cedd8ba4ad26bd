/**
 * The lengths a dataset is sorted, filtered and charted by: one name each, for the app's list
 * and panel and for `parley stats`.
 */
import type { RecordLengths } from './record-lengths.ts';

export type LengthMeasure = 'chars' | 'tokens' | 'messages' | 'turns';

export const LENGTH_MEASURES: readonly LengthMeasure[] = ['chars', 'tokens', 'messages', 'turns'];

export const MEASURE_LABELS: Readonly<Record<LengthMeasure, string>> = {
  chars: 'Characters',
  tokens: 'Tokens',
  messages: 'Messages',
  turns: 'Turns',
};

/** A record's value of `measure`; undefined when it is not known (tokens without a tokenizer). */
export function measureOf(lengths: RecordLengths, measure: LengthMeasure): number | undefined {
  return lengths[measure];
}

/** The known values of `measure` over `all`, in order (records without one left out). */
export function valuesOf(all: Iterable<RecordLengths | undefined>, measure: LengthMeasure): number[] {
  const out: number[] = [];
  for (const lengths of all) {
    const value = lengths === undefined ? undefined : lengths[measure];
    if (value !== undefined) out.push(value);
  }
  return out;
}
