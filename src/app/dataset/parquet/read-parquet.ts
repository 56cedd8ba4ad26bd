/**
 * A Parquet dataset as the JSON Lines the dataset view's list, search, filters, checks and
 * fixes work on (in the dataset worker): core's ParquetShards reads one row group at a time,
 * only the conversation's columns, and each row's record becomes one line, so row N is line
 * N + 1. Each row group's lines become a Blob of their own as soon as they are read (the
 * browser may keep Blobs on disk), so the strings of one row group at a time are held, never
 * the whole file's; the lines are indexed and fingerprinted in the same pass. The Parquet files
 * stay the origin of the export (export-parquet.ts), which rewrites them.
 */
import type { ParquetShards } from '../../../core/index.ts';

const UTF8 = new TextEncoder();

/**
 * The lines of every record, a row group's at a time, as bytes (for the indexer); `parts`
 * receives a Blob of each. `onRead` is told the Parquet bytes read so far (of the
 * conversation columns: `shards.conversationBytes` in all).
 */
export async function* parquetLines(shards: ParquetShards, parts: Blob[], onRead: (bytes: number) => void): AsyncIterable<Uint8Array> {
  let group = 0;
  let read = 0;
  for await (const window of shards.windows()) {
    read += shards.groups[group++]?.bytes ?? 0;
    onRead(read);
    if (window.texts.length === 0) continue;
    const bytes = UTF8.encode(`${window.texts.join('\n')}\n`);
    parts.push(new Blob([bytes]));
    yield bytes;
  }
}
