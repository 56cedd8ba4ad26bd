/**
 * A Parquet file as the JSON Lines the dataset view works on (in the dataset worker): core's
 * ParquetSource reads one row group at a time, only the conversation's columns, and each row's
 * record becomes one line, so row N is line N + 1 and the list, search, filters, checks and
 * fixes work as for JSON Lines. The lines are a Blob (the browser may keep it on disk); the
 * Parquet file itself stays the origin of the export (export-parquet.ts), which rewrites it.
 */
import type { AsyncBuffer } from 'hyparquet';
import { ParquetSource } from '../../../core/index.ts';
import { APP_COMPRESSORS } from './app-compressors.ts';

export function blobBuffer(file: Blob): AsyncBuffer {
  return { byteLength: file.size, slice: (start, end) => file.slice(start, end).arrayBuffer() };
}

export async function openParquetBlob(file: Blob, columns?: readonly string[]): Promise<ParquetSource> {
  return ParquetSource.open(blobBuffer(file), { compressors: APP_COMPRESSORS, ...(columns ? { columns } : {}) });
}

export async function readParquetAsJsonl(file: Blob, onProgress: (done: number, total: number) => void): Promise<{ jsonl: Blob; columns: string[]; rows: number }> {
  const source = await openParquetBlob(file);
  const parts: string[] = [];
  let done = 0;
  for await (const window of source.windows()) {
    parts.push(window.texts.length === 0 ? '' : `${window.texts.join('\n')}\n`);
    done += window.texts.length;
    onProgress(done, source.count);
  }
  return { jsonl: new Blob(parts, { type: 'application/jsonl' }), columns: source.conversation.names, rows: source.count };
}
