/**
 * Whether an error is a lazily loaded chunk that did not arrive (offline, or a new deploy removed
 * the old file), as each engine words it. Such an error says nothing about the conversation.
 */
const CHUNK_LOAD = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD.test(error.message);
}
