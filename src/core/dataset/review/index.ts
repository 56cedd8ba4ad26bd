/** Reviewing a dataset: list filters and the bulk validation summary. */
export * from './filters.ts';
export * from './validation-summary.ts';
