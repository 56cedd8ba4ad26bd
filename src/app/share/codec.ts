/**
 * Share link payload: `{record, formatId, formatOptions}` → JSON → deflate (fflate) → base64url,
 * behind a version tag: `v1.<base64url>`. Decoding checks every step and the record's shape, and
 * says which step failed; nothing half-decoded is ever returned.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { describeJsonTooDeep, findJsonTooDeep, type OptionValues } from '../../core/index.ts';
import { checkRecord } from '../persistence/record-schema.ts';
import { readMaskSettings } from '../tokens/mask-settings.ts';
import { sharedConversation, type SharedConversation } from '../persistence/session-fields.ts';

/** The saved fields a link carries (session-fields.ts). */
export type SharePayload = SharedConversation;

const VERSION = 'v1';

/**
 * A link that inflates to more than this is refused: a crafted short link could otherwise
 * expand to gigabytes (a "zip bomb") before any check runs. 64 MB is above any record a link
 * of the accepted length can carry honestly.
 */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export function encodeShare(payload: SharePayload): string {
  const bytes = deflateSync(strToU8(JSON.stringify(sharedConversation(payload))), { level: 9 });
  return `${VERSION}.${toBase64Url(bytes)}`;
}

export type ShareDecodeResult = { ok: true; payload: SharePayload } | { ok: false; message: string };

export function decodeShare(encoded: string): ShareDecodeResult {
  const dot = encoded.indexOf('.');
  const version = dot < 0 ? '' : encoded.slice(0, dot);
  if (version !== VERSION) return { ok: false, message: version === '' ? 'it has no version tag' : `it has version "${version}", which this Parley does not read` };
  const bytes = fromBase64Url(encoded.slice(dot + 1));
  if (!bytes) return { ok: false, message: 'it is not valid base64url (was it cut off or edited?)' };
  let json: string;
  try {
    const inflated = inflateSync(bytes);
    if (inflated.length > MAX_INFLATED_BYTES) return { ok: false, message: 'it expands to more than 64 MB' };
    json = strFromU8(inflated);
  } catch {
    return { ok: false, message: 'its compressed data is damaged (was it cut off?)' };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
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
