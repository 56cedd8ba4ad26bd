/**
 * A Hub split opened as a Parquet dataset (open-dataset.ts `openParquetDataset`): its files are
 * described to the dataset worker by address, size and the address they redirect to (an
 * AsyncBuffer cannot cross postMessage), and the worker reads them by range requests
 * (parquet/shards.ts → core's HttpRangeBuffer). The token goes with them in memory only.
 */
import type { DatasetOpenResult } from '../open-dataset.ts';
import type { ShardSpec } from '../parquet/shards.ts';
import type { HubSplit } from './hub-app-client.ts';
import { sessionToken } from './hub-session.ts';

/** The dataset's name, as shown and as its exports are named: `owner_name-config-split.parquet`. */
export function hubDatasetName(split: Pick<HubSplit, 'id' | 'config' | 'split'>): string {
  return `${split.id.replace(/\//g, '_')}-${split.config}-${split.split}.parquet`;
}

/** Each file described, with the footer the dialog read (the worker reads it from memory, not again from the Hub). */
export async function hubShardSpecs(split: HubSplit, token = sessionToken()): Promise<ShardSpec[]> {
  return Promise.all(
    split.shards.map(async (shard) => {
      const { url, resolved, byteLength } = shard.buffer.describe();
      return { name: shard.name, url, resolved, byteLength, kept: await shard.buffer.kept(), ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) };
    }),
  );
}

/**
 * Opens the split on demand (parquet/on-demand.ts): its first record shown from the first block,
 * the other rows read when shown; reading every row (to search or check them all) is the
 * person's later choice, its size shown (the Read all button).
 */
export async function openHubSplit(split: HubSplit): Promise<DatasetOpenResult> {
  const { openParquetDataset } = await import('../open-dataset.ts');
  return openParquetDataset(await hubShardSpecs(split), hubDatasetName(split), { readAll: false, columns: split.columns });
}
