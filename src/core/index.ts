/** The public API of Parley's core, imported by the app and the CLI. */
export * from './model/index.ts';
export * from './formats/types.ts';
export * from './formats/registry.ts';
export * from './interchange/types.ts';
export * from './interchange/registry.ts';
