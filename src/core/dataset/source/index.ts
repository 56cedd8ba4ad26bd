/** Sources of records (JSON Lines lines, Parquet rows) and the Parquet writer of an export. */
export * from './types.ts';
export * from './parquet.ts';
export * from './parquet-columns.ts';
export * from './parquet-values.ts';
export * from './parquet-fit.ts';
export * from './parquet-output.ts';
export * from './row-group-cache.ts';
export * from './parquet-shards.ts';
export * from './parquet-candidates.ts';
