/** A dataset's Parquet files on the Hugging Face Hub, read by HTTP ranges (no fetch of its own). */
export type { FetchLike, RequestLike, ResponseLike } from './fetch-like.ts';
export { HubError, type HubErrorKind } from './hub-error.ts';
export { HttpRangeBuffer, MIN_READ_BYTES, CACHE_BYTES, type RangeBufferOptions, type RemoteFileDescription, type KeptRange } from './range-buffer.ts';
export { HubClient, DEFAULT_HUB_BASE, SIZE_REQUESTS_AT_ONCE, isDatasetId, type HubClientOptions, type HubShard, type ParquetListing } from './hub-client.ts';
