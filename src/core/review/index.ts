/** Review work as files: entries, the review file, fingerprints, matching entries to records. Pure: the app and the command share it. */
export * from './entry.ts';
export * from './review-file.ts';
export * from './sha256.ts';
export * from './fingerprint.ts';
export * from './match.ts';
export * from './value-merge.ts';
export * from './jsonl-merge.ts';
export * from './review-merge.ts';
export * from './kappa.ts';
export * from './agreement.ts';
export * from './split.ts';
export * from './join.ts';
