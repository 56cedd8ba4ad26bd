/**
 * The Hub client as the app uses it: the browser's fetch, the base address (hub-base.ts), the
 * session's token (hub-session.ts), and navigator.onLine, so that offline is said at once.
 */
import { HubClient, HubError, ParquetShards, ParquetSourceError, type HubShard } from '../../../core/index.ts';
import { APP_COMPRESSORS } from '../parquet/app-compressors.ts';
import { hubBase } from './hub-base.ts';
import { sessionToken } from './hub-session.ts';

export function appHubClient(): HubClient {
  const token = sessionToken();
  return new HubClient({
    base: hubBase(),
    // Bound: a bare `fetch` reference called as a method of another object throws "Illegal invocation".
    fetch: (url, init) => globalThis.fetch(url, init),
    ...(token ? { token } : {}),
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  });
}

/** A split's files, read as far as their footers: its rows, conversation columns and what reading them all downloads. */
export interface HubSplit {
  id: string;
  config: string;
  split: string;
  shards: HubShard[];
  /** The files' bytes in all. */
  bytes: number;
  rows: number;
  columns: string[];
  /** The conversation columns' compressed bytes: what reading every record downloads. */
  readBytes: number;
}

/** The split's files (sizes by HEAD) and their footers (range requests at each file's end). */
export async function hubSplit(id: string, config: string, split: string): Promise<HubSplit> {
  const shards = await appHubClient().openSplit(id, config, split);
  let dataset: ParquetShards;
  try {
    dataset = await ParquetShards.open(shards, { compressors: APP_COMPRESSORS });
  } catch (error) {
    if (error instanceof ParquetSourceError) throw new Error(`${id} (${config}/${split}): ${error.message}`, { cause: error });
    throw error;
  }
  return {
    id,
    config,
    split,
    shards,
    bytes: shards.reduce((sum, shard) => sum + shard.buffer.byteLength, 0),
    rows: dataset.count,
    columns: dataset.conversation.names.slice(),
    readBytes: dataset.conversationBytes,
  };
}

/** The message for people, and whether a token would help. */
export function hubProblem(error: unknown): { message: string; needsToken: boolean } {
  if (error instanceof HubError) return { message: error.message, needsToken: error.kind === 'auth' };
  return { message: error instanceof Error ? error.message : String(error), needsToken: false };
}
