/**
 * A `.parquet` input: core's ParquetSource over the file, read where it lies (random access:
 * the footer, then each row group's columns), so standard input cannot be Parquet. Each row's
 * record becomes one line of JSON, and the rows of a row group go on as chunks of lines like
 * those of a JSON Lines file: the commands' jobs, workers and output are the same.
 */
import type { FileHandle } from 'node:fs/promises';
import { compressors } from 'hyparquet-compressors';
import type { AsyncBuffer } from 'hyparquet';
import { ParquetSource, ParquetSourceError } from '../core/index.ts';
import { CliError } from './errors.ts';
import { openForReading, readWindow } from './io.ts';
import { CHUNK_BYTES } from './line-chunks.ts';

export function isParquetFile(file: string | undefined): file is string {
  return file !== undefined && file.toLowerCase().endsWith('.parquet');
}

export interface ParquetInput {
  source: ParquetSource;
  close(): Promise<void>;
}

/** The file as hyparquet's AsyncBuffer: each slice read from the file when asked for. */
function fileBuffer(handle: FileHandle, byteLength: number): AsyncBuffer {
  return {
    byteLength,
    async slice(start: number, end = byteLength): Promise<ArrayBuffer> {
      const bytes = new Uint8Array(end - start);
      await readWindow(handle, bytes, start);
      return bytes.buffer;
    },
  };
}

export async function openParquetInput(file: string, command: string, columns: readonly string[] | undefined): Promise<ParquetInput> {
  const handle = await openForReading(file, command);
  try {
    const { size } = await handle.stat();
    const source = await ParquetSource.open(fileBuffer(handle, size), { compressors, ...(columns ? { columns } : {}) });
    return { source, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    if (error instanceof ParquetSourceError) throw new CliError(`${command}: ${file}: ${error.message}`);
    throw error;
  }
}

/**
 * The records as chunks of whole lines, about CHUNK_BYTES each, one row group read at a time
 * (core's `lineChunks`: straight from the pages for the usual shapes of chat data).
 */
export async function* parquetChunks(source: ParquetSource): AsyncGenerator<Buffer> {
  for await (const chunk of source.lineChunks(CHUNK_BYTES)) yield Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
}
