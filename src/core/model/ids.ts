/**
 * Stable ids for messages, blocks, calls, parts, files and tools. They only need to be unique
 * within a browser tab's lifetime plus whatever was persisted, so a counter plus a random
 * session prefix is enough (crypto.randomUUID is missing in insecure contexts such as a static
 * site served over plain http).
 */
const sessionPrefix = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
let counter = 0;
/** False while `withoutIds` runs. */
let making = true;

export function newId(kind = 'x'): string {
  if (!making) return '';
  counter += 1;
  return `${kind}-${sessionPrefix}${counter.toString(36)}`;
}

/**
 * Runs `read` (a reader or a parser, which is synchronous) with every id it asks for being ''.
 * For callers that read a record, write a result and drop it (the command line, a data
 * pipeline): nothing there looks a node up by its id, and making ~250 ids for each record of a
 * data set was a measurable share of reading it. The app, which edits nodes by id, never calls
 * this.
 */
export function withoutIds<T>(read: () => T): T {
  const before = making;
  making = false;
  try {
    return read();
  } finally {
    making = before;
  }
}
