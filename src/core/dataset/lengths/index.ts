/** A dataset's lengths: each record's characters, messages, turns and tokens, and their distribution. */
export * from './distribution.ts';
export * from './record-lengths.ts';
export * from './measures.ts';
export * from './sort.ts';
