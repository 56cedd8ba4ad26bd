/** Dataset files (JSONL, JSON arrays of records): streaming index, per-record decoding, byte-exact writing. */
export { BomGate } from './bytes.ts';
export * from './record-index.ts';
export * from './jsonl-indexer.ts';
export * from './json-array-scanner.ts';
export * from './record-decode.ts';
export * from './record-summary.ts';
export * from './empty-fields.ts';
export * from './record-encode.ts';
export * from './edits.ts';
export * from './output-parts.ts';
export * from './jsonl-writer.ts';
export * from './json-array-writer.ts';
export * from './fingerprint.ts';
export * from './dataset-index.ts';
export * from './search/index.ts';
export * from './list/index.ts';
export * from './lengths/index.ts';
export * from './source/index.ts';
