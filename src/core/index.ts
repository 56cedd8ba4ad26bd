/** The public API of Parley's core, imported by the app and the CLI. */
export * from './model/index.ts';
export * from './formats/types.ts';
export * from './formats/registry.ts';
export * from './formats/apertus/index.ts';
export * from './formats/openchatml/index.ts';
export * from './formats/rwkv/index.ts';
export * from './interchange/types.ts';
export * from './interchange/registry.ts';
export * from './interchange/apertus-json/index.ts';
export * from './interchange/openai-chat/index.ts';
export * from './interchange/openai-responses/index.ts';
export * from './interchange/anthropic/index.ts';
export * from './interchange/chat-completion/index.ts';
export * from './interchange/sharegpt/index.ts';
export * from './interchange/parley-json/index.ts';
export * from './interchange/conversion.ts';
export * from './validate/index.ts';
