/**
 * Reads the records of a search from the file in blocks of a few megabytes (one `Blob.slice`
 * read for many records, not one per record), and hands each block's records to `visit` as a
 * core RecordSource. Records are visited in the order given; a block holds the next records
 * whose bytes follow each other in the file (the usual case: the file order).
 */
import type { RecordSource } from '../../../core/index.ts';
import type { RecordsToRead } from './search-protocol.ts';

/** Bytes read at once; a longer record is read alone. */
export const BLOCK_BYTES = 8 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Calls `visit` with consecutive batches of the records, in order; stops early when `visit` returns false. */
export async function forEachBatch(records: RecordsToRead, visit: (batch: RecordSource, before: number) => Promise<boolean>, blockBytes = BLOCK_BYTES): Promise<void> {
  const { file, ids, starts, ends, edited } = records;
  let at = 0;
  while (at < ids.length) {
    // The block: from the first record's start, as far as records follow within blockBytes.
    let first = -1;
    let last = -1;
    const batch: number[] = [];
    let to = at;
    for (; to < ids.length; to++) {
      const id = ids[to] as number;
      if (edited.has(id)) {
        batch.push(to);
        continue;
      }
      const start = starts[to] as number;
      const end = ends[to] as number;
      if (first === -1) {
        first = start;
        last = end;
      } else if (start < first || Math.max(last, end) - first > blockBytes) break;
      else last = Math.max(last, end);
      batch.push(to);
    }
    const bytes = first === -1 ? new Uint8Array(0) : new Uint8Array(await file.slice(first, last).arrayBuffer());
    const batchIds = batch.map((position) => ids[position] as number);
    const spanOf = new Map(batch.map((position) => [ids[position] as number, position]));
    const source: RecordSource = {
      ids: batchIds,
      textOf: (id) => {
        const text = edited.get(id);
        if (text !== undefined) return text;
        const position = spanOf.get(id) as number;
        try {
          return utf8.decode(bytes.subarray((starts[position] as number) - first, (ends[position] as number) - first));
        } catch {
          // Not UTF-8: the list says so; there is no text to search.
          return undefined;
        }
      },
    };
    if (!(await visit(source, at))) return;
    at = to;
  }
}
