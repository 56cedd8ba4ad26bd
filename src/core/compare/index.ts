/** Two renderings of a record compared (parley compare, the app's regression and Compare), and why they differ. */
export * from './compare-record.ts';
export * from './explain.ts';
export * from './native-match.ts';
