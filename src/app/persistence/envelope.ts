/**
 * What autosave writes: a versioned envelope around the record. Older envelopes are migrated
 * step by step (`MIGRATIONS[n]` turns version n into n + 1), fields this version does not know
 * are kept and written back, and anything unreadable is reported, never half-loaded.
 */
import { describeJsonTooDeep, findJsonTooDeep, type OptionValues } from '../../core/index.ts';
import { checkRecord } from './record-schema.ts';
import { revisionOf } from './write-check.ts';
import type { SavedEnvelopeFields } from './session-fields.ts';

export const ENVELOPE_VERSION = 2;

/** The saved fields (session-fields.ts) with a version and a time. */
export interface Envelope extends SavedEnvelopeFields {
  version: number;
  /** Date.now() when written: decides between IndexedDB and the page-hide copy. */
  savedAt: number;
  /** Write counter (write-check.ts): what was stored plus one, counted in the write's transaction. */
  revision: number;
  /** Id of the page that wrote it (write-check.ts); absent in a migrated envelope. */
  writer?: string;
  /** Fields written by another (newer) version of Parley: kept as they are. */
  [unknown: string]: unknown;
}

type Raw = Record<string, unknown>;

/**
 * Version 0 is what an envelope looks like before versioning: a bare record, or `{record, …}`
 * without a version. Version 1 adds `version`, `savedAt`, `formatId` and `formatOptions`.
 * Version 2 adds the stamp that stops two tabs saving over each other (write-check.ts):
 * `revision` (0: written before there was one) and `writer` (absent: nobody now open wrote it).
 */
export const MIGRATIONS: Record<number, (old: Raw) => Raw> = {
  0: (old) => {
    const bare = old.kind === 'chat' || old.kind === 'document';
    const base: Raw = bare ? { record: old } : old;
    return { formatId: 'apertus', formatOptions: {}, savedAt: 0, ...base, version: 1 };
  },
  1: (old) => ({ ...old, revision: 0, version: 2 }),
};

export type MigrateResult =
  | { ok: true; envelope: Envelope; migratedFrom?: number }
  | { ok: false; reason: 'newer'; version: number; message: string }
  | { ok: false; reason: 'invalid'; message: string };

export function migrate(stored: unknown): MigrateResult {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return { ok: false, reason: 'invalid', message: 'the saved data is not an object' };
  // Checked first: the shape check, the store and the renderers all walk the value recursively.
  const tooDeep = findJsonTooDeep(stored);
  if (tooDeep) return { ok: false, reason: 'invalid', message: `the saved data is ${describeJsonTooDeep(tooDeep)}` };
  let raw = stored as Raw;
  const from = typeof raw.version === 'number' ? raw.version : 0;
  if (!Number.isInteger(from) || from < 0) return { ok: false, reason: 'invalid', message: `the saved data has an unknown version (${String(raw.version)})` };
  if (from > ENVELOPE_VERSION) {
    return { ok: false, reason: 'newer', version: from, message: `the saved data was written by a newer Parley (format version ${from}; this one reads up to ${ENVELOPE_VERSION})` };
  }
  for (let version = from; version < ENVELOPE_VERSION; version++) {
    const step = MIGRATIONS[version];
    if (!step) return { ok: false, reason: 'invalid', message: `no migration from saved data version ${version}` };
    raw = step(raw);
  }
  const checked = checkRecord(raw.record);
  if (!checked.ok) return { ok: false, reason: 'invalid', message: `the saved conversation is ${checked.message}` };
  const formatOptions = isPlainObject(raw.formatOptions) ? (raw.formatOptions as Record<string, OptionValues>) : {};
  const envelope: Envelope = {
    ...raw,
    version: ENVELOPE_VERSION,
    savedAt: typeof raw.savedAt === 'number' ? raw.savedAt : 0,
    revision: revisionOf(raw),
    record: checked.record,
    formatId: typeof raw.formatId === 'string' ? raw.formatId : 'apertus',
    formatOptions,
  };
  return from === ENVELOPE_VERSION ? { ok: true, envelope } : { ok: true, envelope, migratedFrom: from };
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
