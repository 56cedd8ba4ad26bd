/**
 * Share link payload: `{record, formatId, formatOptions}` → JSON → deflate (fflate) → base64url,
 * behind a version tag: `v1.<base64url>`. Decoding checks every step (the link's length and what
 * it expands to first: limits.ts), the record's shape, the format and its options, and says which
 * step failed; nothing half-decoded is ever returned, and nothing it is given makes it throw
 * (codec.property.test.ts). Asynchronous: inflating pauses now and then (inflate-within.ts).
 */
import { deflateSync, strFromU8, strToU8 } from 'fflate';
import { describeJsonTooDeep, findJsonTooDeep, type OptionValues } from '../../core/index.ts';
import { checkRecord } from '../persistence/record-schema.ts';
import { readMaskSettings } from '../tokens/mask-settings.ts';
import { sharedConversation, type SharedConversation } from '../persistence/session-fields.ts';
import { declaredOptions, optionsProblem } from './check-options.ts';
import { inflateWithin } from './inflate-within.ts';
import { MAX_INFLATED_BYTES, MAX_SHARE_FRAGMENT_LENGTH } from './limits.ts';

/** The saved fields a link carries (session-fields.ts). */
export type SharePayload = SharedConversation;

const VERSION = 'v1';

export function encodeShare(payload: SharePayload): string {
  const shared = sharedConversation({ ...payload, formatOptions: declaredOptions(payload.formatId, payload.formatOptions) });
  const bytes = deflateSync(strToU8(JSON.stringify(shared)), { level: 9 });
  return `${VERSION}.${toBase64Url(bytes)}`;
}

export type ShareDecodeResult = { ok: true; payload: SharePayload } | { ok: false; message: string };

export async function decodeShare(encoded: string): Promise<ShareDecodeResult> {
  if (encoded.length > MAX_SHARE_FRAGMENT_LENGTH) {
    return { ok: false, message: `it is ${encoded.length.toLocaleString('en')} characters long; links of more than ${MAX_SHARE_FRAGMENT_LENGTH.toLocaleString('en')} are not opened` };
  }
  const dot = encoded.indexOf('.');
  const version = dot < 0 ? '' : encoded.slice(0, dot);
  if (version !== VERSION) return { ok: false, message: version === '' ? 'it has no version tag' : `it has version "${version}", which this Parley does not read` };
  const bytes = fromBase64Url(encoded.slice(dot + 1));
  if (!bytes) return { ok: false, message: 'it is not valid base64url (was it cut off or edited?)' };
  const inflated = await inflateWithin(bytes, MAX_INFLATED_BYTES);
  if (!inflated.ok) {
    return { ok: false, message: inflated.reason === 'too large' ? `it expands to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB (ask for the conversation as a file)` : 'its compressed data is damaged (was it cut off?)' };
  }
  let value: unknown;
  try {
    value = JSON.parse(strFromU8(inflated.bytes));
  } catch {
    return { ok: false, message: 'its content is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null) return { ok: false, message: 'its content is not an object' };
  // Before anything walks it recursively (the shape check, the store, the renderers): see MAX_JSON_DEPTH.
  const tooDeep = findJsonTooDeep(value);
  if (tooDeep) return { ok: false, message: `its content is ${describeJsonTooDeep(tooDeep)}` };
  const { record, formatId, formatOptions, trainingMask } = value as Record<string, unknown>;
  if (typeof formatId !== 'string') return { ok: false, message: 'it names no format' };
  if (!isOptionValues(formatOptions)) return { ok: false, message: 'its format options are not a map of values' };
  const badOptions = optionsProblem(formatId, formatOptions);
  if (badOptions !== undefined) return { ok: false, message: badOptions };
  const checked = checkRecord(record);
  if (!checked.ok) return { ok: false, message: `its conversation is ${checked.message}` };
  const payload: SharePayload = { record: checked.record, formatId, formatOptions };
  // Optional (links made before the mask controls, or with the default mask, have none).
  if (trainingMask !== undefined) payload.trainingMask = readMaskSettings(trainingMask);
  return { ok: true, payload };
}

function isOptionValues(value: unknown): value is OptionValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => v === null || typeof v === 'string' || typeof v === 'boolean');
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000; // String.fromCharCode with too many arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}
