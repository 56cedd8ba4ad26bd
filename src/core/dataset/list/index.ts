/** The record list of a dataset: its filters and the bulk validation summary (the review of records by people lives in core/review). */
export * from './filters.ts';
export * from './validation-summary.ts';
