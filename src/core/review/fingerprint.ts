/**
 * A record's fingerprint: the SHA-256 (hex) of its original bytes without its line terminator,
 * so that a review entry finds its record again after records were inserted, deleted or moved.
 * For a JSONL file the bytes are the line's content (the BOM of the first line is not part of
 * it, a CR of a CRLF is not either); for a JSON array file, the element's bytes; for a Parquet
 * row, the bytes its reader gives for the row's record. Equal records have equal fingerprints:
 * match.ts pairs them in order.
 */
import { recordLine, type DatasetIndex } from '../dataset/dataset-index.ts';
import { sha256Hex } from './sha256.ts';

const encoder = new TextEncoder();

/** The fingerprint of a record's bytes (without the terminator). */
export function recordFingerprint(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/** The fingerprint of a record's text as UTF-8 (a record edited in memory, a test). */
export function textFingerprint(text: string): string {
  return sha256Hex(encoder.encode(text));
}

/** A record as the matching sees it: its fingerprint and where it is. */
export type RecordKey = { fingerprint: string } & ({ line: number } | { row: number });

/**
 * The key of every record of a dataset held in memory (the command, tests, small files): the
 * blank lines of a JSONL file are not records and are left out.
 */
export function datasetRecordKeys(bytes: Uint8Array, index: DatasetIndex): RecordKey[] {
  const keys: RecordKey[] = [];
  const { records } = index;
  for (let i = 0; i < records.count; i++) {
    if (records.blank(i)) continue;
    keys.push({ fingerprint: recordFingerprint(bytes.subarray(records.start(i), records.end(i))), line: recordLine(index, i) });
  }
  return keys;
}
