/** Search and replace over a dataset's records (text fields only; see text-fields.ts). */
export * from './query.ts';
export * from './search-syntax.ts';
export * from './scope.ts';
export * from './text-fields.ts';
export * from './prefilter.ts';
export * from './substitution.ts';
export * from './replace.ts';
export * from './search-record.ts';
export * from './search-dataset.ts';
