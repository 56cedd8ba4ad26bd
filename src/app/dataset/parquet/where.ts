/**
 * Where a record is, as people are told it: a JSON Lines record is on a line (1-based, as
 * editors number them), a Parquet row is a row (0-based, as pandas and `datasets` index them),
 * core's locatorText. A dataset opened from Parquet keeps one line per row in the JSON Lines it
 * works on (read-parquet.ts), so row = line − 1.
 */
import { locatorText } from '../../../core/index.ts';
import { parquetOriginOf } from './parquet-origin.ts';

/** `line 12` or, in a dataset opened from Parquet, `row 11`. */
export function recordPlace(source: Blob | undefined, line: number): string {
  return locatorText(parquetOriginOf(source) ? { row: line - 1 } : { line });
}

/** `Line 12` / `Row 11`, to begin a sentence or a label. */
export function placeTitle(source: Blob | undefined, line: number): string {
  const place = recordPlace(source, line);
  return place.charAt(0).toUpperCase() + place.slice(1);
}

/** The number shown beside a record in the list: its line, or its row. */
export function recordNumber(source: Blob | undefined, line: number): number {
  return parquetOriginOf(source) ? line - 1 : line;
}
