/**
 * The INFO line that says which dialect read the input when the user did not name it: once for
 * a single document, and for JSON Lines once per dialect (with the first line that used it),
 * so that a mixed file says so without a line per record.
 */
import { dialectInfo, type DialectChoice, type Reading } from './dialect.ts';
import type { Decoded } from './input.ts';
import { writeErr } from './io.ts';
import type { Note } from './line-job.ts';

const INFO = 'INFO ';

/** The INFO line of a single document, written at once. */
export function sayDialect(decoded: Decoded, choice: DialectChoice): void {
  if (!decoded.ok) return;
  const line = dialectInfo(decoded, choice);
  if (line !== undefined) writeErr(line);
}

/** The INFO note of one JSON Lines record; the runner writes each dialect's first one only. */
export function dialectNotes(decoded: Decoded | ({ ok: true } & Pick<Reading, 'codec' | 'how' | 'note'>), choice: DialectChoice): Note[] {
  if (!decoded.ok) return [];
  const line = dialectInfo(decoded, choice);
  if (line === undefined) return [];
  return [{ lead: INFO, text: line.startsWith(INFO) ? line.slice(INFO.length) : line, key: `dialect ${decoded.codec.id} ${decoded.how}` }];
}
