/**
 * Writes the INFO line that says which dialect read the input when the user did not name it:
 * once for a single document, and for JSON Lines once per dialect (with the first line that
 * used it), so that a mixed file says so without a line per record.
 */
import { dialectInfo, type DialectChoice } from './dialect.ts';
import type { Decoded } from './input.ts';
import { writeErr } from './io.ts';

export class DialectNote {
  private readonly said = new Set<string>();

  constructor(
    private readonly choice: DialectChoice,
    private readonly formatId?: string,
  ) {}

  /** `where` (`data.jsonl:7`) is given for JSON Lines. */
  say(decoded: Decoded, where?: string): void {
    if (!decoded.ok) return;
    const key = `${decoded.codec.id} ${decoded.how}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    const line = dialectInfo(decoded, this.choice, this.formatId);
    if (line !== undefined) writeErr(where === undefined ? line : line.replace(/^INFO /, `INFO ${where}: `));
  }
}
