/**
 * The page-hide copy's text: `parley-copy:1:<savedAt>:<encoding>:<body>`. `savedAt` comes first
 * so that autosave can drop an older copy without decoding it. Encodings:
 * - `json`: the payload as JSON;
 * - `z15`: the payload deflated and packed 15 bits a character (copy-codec.ts);
 * - `lost`: no payload, only why it could not be written, so that the next visit can say that
 *   the last moment's changes were not kept instead of dropping them silently.
 * A copy from before this format (the envelope as plain JSON) reads as a `json` copy.
 *
 * This module is the part needed at start-up. The encoder (delta, compression) is loaded on the
 * first edit and the decoder only when a copy exists; they take and return plain values, so that
 * they share no module with the start-up code (each shared module would become a request).
 */
import type { EnvelopeDelta } from './copy-delta.ts';
import type { Envelope } from './envelope.ts';
import { readPagehideCopyText, writePagehideCopyText } from './storage.ts';

/** What a copy holds: a whole envelope, or a change against envelopes IndexedDB may hold (by `savedAt`). */
export type CopyPayload = { full: Envelope } | { bases: number[]; delta: EnvelopeDelta };

export type CopyEncoding = 'json' | 'z15' | 'lost';

const PREFIX = 'parley-copy:1:';
/** `parley-copy:1:<savedAt>:<encoding>:` */
export const COPY_HEADER = /^parley-copy:1:(\d+):(\w+):/;

/** Write the copy text; undefined when written, otherwise why not (a `lost` marker is left in its place). */
export function writeCopyText(savedAt: number, encoding: Exclude<CopyEncoding, 'lost'>, body: string): string | undefined {
  const text = `${PREFIX}${savedAt}:${encoding}:${body}`;
  const refused = writePagehideCopyText(text);
  if (refused === undefined) return undefined;
  return markLost(savedAt, `the browser refused to keep ${text.length.toLocaleString('en')} characters (${refused})`);
}

export function markLost(savedAt: number, reason: string): string {
  writePagehideCopyText(`${PREFIX}${savedAt}:lost:${reason}`);
  return reason;
}

/** A whole envelope as plain JSON: what is written before the encoder has loaded. */
export function writePlainCopy(envelope: Envelope): string | undefined {
  let body: string;
  try {
    body = JSON.stringify({ full: envelope } satisfies CopyPayload);
  } catch (thrown) {
    return markLost(envelope.savedAt, `it could not be encoded (${thrown instanceof Error ? thrown.message : String(thrown)})`);
  }
  return writeCopyText(envelope.savedAt, 'json', body);
}

/** `savedAt` of the copy, read from its prefix alone (undefined: no copy, or one in the old format). */
export function copySavedAt(): number | undefined {
  const match = COPY_HEADER.exec(readPagehideCopyText() ?? '');
  return match ? Number(match[1]) : undefined;
}
