/**
 * The Hub client as the app uses it: the browser's fetch, the base address (hub-base.ts), the
 * session's token (hub-session.ts), and navigator.onLine, so that offline is said at once.
 */
import { HubClient, HubError, type HubShard } from '../../../core/index.ts';
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

/** A split's files with their total size: what reading every record would download at most. */
export interface HubSplit {
  id: string;
  config: string;
  split: string;
  shards: HubShard[];
  bytes: number;
}

export async function hubSplit(id: string, config: string, split: string): Promise<HubSplit> {
  const shards = await appHubClient().openSplit(id, config, split);
  return { id, config, split, shards, bytes: shards.reduce((sum, shard) => sum + shard.buffer.byteLength, 0) };
}

/** The message for people, and whether a token would help. */
export function hubProblem(error: unknown): { message: string; needsToken: boolean } {
  if (error instanceof HubError) return { message: error.message, needsToken: error.kind === 'auth' };
  return { message: error instanceof Error ? error.message : String(error), needsToken: false };
}
