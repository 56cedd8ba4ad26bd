/**
 * Decodes the page-hide copy at start-up (loaded only when there is one) into a raw envelope, for
 * restore.ts to check like any saved data. Takes and returns plain values (see copy-format.ts).
 */
import { unpackText } from './copy-codec.ts';
import { applyDelta, type EnvelopeDelta } from './copy-delta.ts';

type Raw = Record<string, unknown>;

/** `savedAt`: when the copy was written (to compare with IndexedDB); `raw`: the envelope it holds, or why none. */
export type DecodedCopy = { savedAt: number } & ({ ok: true; raw: unknown } | { ok: false; message: string });

/**
 * `header`: `COPY_HEADER.exec(text)` (copy-format.ts; passed in, not imported, to keep this chunk
 * apart from the start-up code); `stored`: what IndexedDB holds (checked), which a delta copy is
 * applied to.
 */
export function decodeCopy(text: string, header: RegExpExecArray | null, stored: Raw | undefined): DecodedCopy {
  if (!header) return decodeLegacyCopy(text);
  const savedAt = Number(header[1]);
  const body = text.slice(header[0].length);
  let payload: unknown;
  try {
    if (header[2] === 'lost') return { savedAt, ok: false, message: body };
    if (header[2] === 'json') payload = JSON.parse(body);
    else if (header[2] === 'z15') payload = JSON.parse(unpackText(body));
    else return { savedAt, ok: false, message: `their copy has an unknown encoding "${header[2]}"` };
  } catch (thrown) {
    return { savedAt, ok: false, message: `their copy is damaged: ${thrown instanceof Error ? thrown.message : String(thrown)}` };
  }
  return { savedAt, ...fromPayload(payload, stored) };
}

function fromPayload(payload: unknown, stored: Raw | undefined): { ok: true; raw: unknown } | { ok: false; message: string } {
  if (typeof payload !== 'object' || payload === null) return { ok: false, message: 'their copy is not an object' };
  const { full, bases, delta } = payload as { full?: unknown; bases?: unknown; delta?: unknown };
  if (full !== undefined) return { ok: true, raw: full };
  if (!stored || !Array.isArray(bases) || !bases.includes(stored.savedAt) || !isDelta(delta)) return { ok: false, message: 'they were saved against a version that is no longer stored' };
  const raw = applyDelta(stored, delta);
  return raw ? { ok: true, raw } : { ok: false, message: 'their copy does not fit the saved version' };
}

/** Before `parley-copy:1:`, the copy was the envelope itself as JSON. */
function decodeLegacyCopy(text: string): DecodedCopy {
  try {
    const raw = JSON.parse(text) as { savedAt?: unknown } | null;
    return { savedAt: typeof raw?.savedAt === 'number' ? raw.savedAt : 0, ok: true, raw };
  } catch {
    // A damaged copy cannot say how old it is: reported, as it may be newer.
    return { savedAt: Number.POSITIVE_INFINITY, ok: false, message: 'their copy is damaged' };
  }
}

function isDelta(value: unknown): value is EnvelopeDelta {
  if (typeof value !== 'object' || value === null) return false;
  const delta = value as Raw;
  return [delta.fields, delta.set, delta.arrays].every((part) => typeof part === 'object' && part !== null) && Array.isArray(delta.removed);
}
