/**
 * Encodes the page-hide copy: a delta against what IndexedDB may hold (copy-delta.ts),
 * compressed when large (copy-codec.ts). Loaded on the first edit, so that it is there,
 * synchronously, when the page is hidden; before that, autosave writes a plain copy.
 */
import { packText } from './copy-codec.ts';
import { diffEnvelope } from './copy-delta.ts';
import type { CopyPayload } from './copy-format.ts';
import type { Envelope } from './envelope.ts';

/**
 * Copies longer than this are compressed. Typing edits make copies of a few hundred characters:
 * compressing those gains nothing; a large change (a file just opened) gains about 3× in
 * characters from deflate and 2.5× more from packing 15 bits a character.
 */
const COMPRESS_ABOVE_CHARS = 32 * 1024;

/** Throws if the envelope cannot be encoded (the caller leaves a `lost` marker). */
export function encodeCopy(envelope: Envelope, bases: readonly Envelope[]): { encoding: 'json' | 'z15'; body: string } {
  const payload: CopyPayload = bases.length > 0 ? { bases: bases.map((base) => base.savedAt), delta: diffEnvelope(envelope, bases) } : { full: envelope };
  const json = JSON.stringify(payload);
  return json.length > COMPRESS_ABOVE_CHARS ? { encoding: 'z15', body: packText(json) } : { encoding: 'json', body: json };
}
