/**
 * Stable ids for messages, blocks, calls, parts, files and tools. They only need to be unique
 * within a browser tab's lifetime plus whatever was persisted, so a counter plus a random
 * session prefix is enough (crypto.randomUUID is missing in insecure contexts such as a static
 * site served over plain http).
 */
const sessionPrefix = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
let counter = 0;

export function newId(kind = 'x'): string {
  counter += 1;
  return `${kind}-${sessionPrefix}${counter.toString(36)}`;
}
