export * from './types.ts';
export * from './path.ts';
export * from './diagnostic.ts';
export * from './fix.ts';
export * from './ids.ts';
export * from './builders.ts';
export * from './text.ts';
export * from './schema.ts';
