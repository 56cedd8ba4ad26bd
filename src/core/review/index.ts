/** Review work as files: entries, the review file, fingerprints, matching entries to records. Pure: the app and the command share it. */
export * from './entry.ts';
export * from './review-file.ts';
export * from './sha256.ts';
export * from './fingerprint.ts';
export * from './match.ts';
