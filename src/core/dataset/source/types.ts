/**
 * A source of records: the records of one file by id (0 … count − 1), read in windows, so that
 * the code above it (the command, the dataset worker) never slices a container's bytes itself.
 * Where a record is said to people depends on the container: a JSON Lines record is on a line
 * (1-based, as editors number them), a Parquet record is a row (0-based, as pandas and
 * `datasets` index them).
 */
export type RecordLocator = { line: number } | { row: number };

/** How a person is told where a record is: `line 12`, `row 11`. */
export function locatorText(locator: RecordLocator): string {
  return 'line' in locator ? `line ${locator.line}` : `row ${locator.row}`;
}

/** A window of records: consecutive ids from `start`, each record's JSON text (one line). */
export interface RecordWindow {
  start: number;
  texts: string[];
}

export interface DatasetSource {
  readonly count: number;
  locator(id: number): RecordLocator;
  /** The records, in order, one window at a time (a Parquet row group, a slice of lines). */
  windows(): AsyncIterable<RecordWindow>;
}
