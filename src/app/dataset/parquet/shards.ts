/**
 * The files of a Parquet dataset as the page names them to the dataset worker: a local File,
 * or a file served with HTTP ranges (the Hub). An AsyncBuffer holds functions, which cannot
 * cross `postMessage`, so the page sends these descriptions and each side makes the
 * AsyncBuffers itself (`shardBuffer`): the worker to read the records, the page to export.
 */
import type { AsyncBuffer } from 'hyparquet';
import { HttpRangeBuffer, ParquetShards, type KeptRange, type ParquetShard } from '../../../core/index.ts';
import { APP_COMPRESSORS } from './app-compressors.ts';

export type ShardSpec =
  /** A local file. */
  | { name: string; blob: Blob }
  /** A remote file read with HTTP range requests: its size known beforehand (the Hub's API says it), headers sent with each (a token). */
  | { name: string; url: string; byteLength: number; headers?: Record<string, string>; /** Where `url` redirected to (the Hub's CDN): read there directly. */ resolved?: string; /** Bytes the page fetched already (the footers). */ kept?: KeptRange[] };

/** Whether reading every record of these files downloads them (the person is asked first). */
export function isRemote(shards: readonly ShardSpec[]): boolean {
  return shards.some((shard) => 'url' in shard);
}

export function blobBuffer(file: Blob): AsyncBuffer {
  return { byteLength: file.size, slice: (start, end) => file.slice(start, end).arrayBuffer() };
}

/**
 * Bytes [start, end) of a remote file by range requests (core's HttpRangeBuffer: small reads
 * widened and kept, a server without ranges refused plainly); `headers` (a token) go to the
 * file's own host only, never to the CDN it redirects to.
 */
export function rangeBuffer(url: string, byteLength: number, headers: Record<string, string> = {}, resolved = url, name = url, kept: KeptRange[] = []): AsyncBuffer {
  const origin = new URL(url).origin;
  const headersFor = (target: string): Record<string, string> => (new URL(target).origin === origin ? headers : {});
  return HttpRangeBuffer.resume({ url, resolved, byteLength }, { fetch: (target, init) => globalThis.fetch(target, init), headersFor, name }, kept);
}

export function shardBuffer(spec: ShardSpec): AsyncBuffer {
  return 'blob' in spec ? blobBuffer(spec.blob) : rangeBuffer(spec.url, spec.byteLength, spec.headers, spec.resolved, spec.name, spec.kept);
}

/** The bytes the files hold, for what people are told a whole read costs. */
export function shardsSize(shards: readonly ShardSpec[]): number {
  return shards.reduce((sum, shard) => sum + ('blob' in shard ? shard.blob.size : shard.byteLength), 0);
}

/** The dataset of these files (their footers read), the conversation columns named or detected. */
export async function openShards(shards: readonly ShardSpec[], columns?: readonly string[]): Promise<ParquetShards> {
  const buffers: ParquetShard[] = shards.map((spec) => ({ name: spec.name, buffer: shardBuffer(spec) }));
  return ParquetShards.open(buffers, { compressors: APP_COMPRESSORS, ...(columns && columns.length > 0 ? { columns } : {}) });
}
