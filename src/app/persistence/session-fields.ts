/**
 * The saved fields of a session, declared once. Autosave watches, writes and restores them, the
 * envelope's type is made of them, a share link carries the first group of them and
 * `window.__parley.state()` reports them: adding a saved field is one line here.
 *
 * The persisted formats do not change with this list's shape: an envelope holds each field
 * under its name (IndexedDB, the page-hide copy), a link holds `{record, formatId, formatOptions}`
 * as JSON in this order.
 */
import type { OptionValues } from '../../core/index.ts';
import type { AppState } from '../store/index.ts';
import { isDefaultMask, readMaskSettings } from '../tokens/mask-settings.ts';

/**
 * The conversation as shown: every envelope has these (version 0 is migrated to them) and a share
 * link carries them, `formatOptions` then narrowed to the current format's.
 */
export const CONVERSATION_FIELDS = ['record', 'formatId', 'formatOptions'] as const satisfies readonly (keyof AppState)[];

type BooleanKeys<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T];

/**
 * The person's preview toggles: saved, but not in a link (they are the viewer's own). Envelopes
 * written before they existed lack them; restoring then keeps the app's default.
 */
export const TOGGLE_FIELDS = ['shadeTrainable', 'showWhitespace'] as const satisfies readonly BooleanKeys<AppState>[];

/**
 * The training-mask controls (src/app/tokens/mask-settings.ts): saved, and carried by a link
 * when they are not the default (so links without them read as before). Envelopes written
 * before they existed lack them; restoring then keeps the default.
 */
export const MASK_FIELDS = ['trainingMask'] as const satisfies readonly (keyof AppState)[];

export const SAVED_FIELDS = [...CONVERSATION_FIELDS, ...TOGGLE_FIELDS, ...MASK_FIELDS] as const;

export type SavedField = (typeof SAVED_FIELDS)[number];
export type SavedSession = Pick<AppState, SavedField>;
type ConversationField = (typeof CONVERSATION_FIELDS)[number];
type ToggleField = (typeof TOGGLE_FIELDS)[number];
type MaskField = (typeof MASK_FIELDS)[number];

/** The saved fields as an envelope holds them: the toggles may be missing in older ones. */
export type SavedEnvelopeFields = Pick<SavedSession, ConversationField> & Partial<Pick<SavedSession, ToggleField | MaskField>>;

/** The saved fields as shown: the options of the current format only. */
export type ShownSession = Omit<SavedSession, 'formatOptions'> & { formatOptions: OptionValues };

/** What a share link carries: the mask only when it is not the default. */
export type SharedConversation = Pick<ShownSession, ConversationField> & Partial<Pick<ShownSession, MaskField>>;

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = value[key];
  return out;
}

/** The saved fields of `state`, in declaration order. */
export function savedSession(state: SavedSession): SavedSession {
  return pick(state, SAVED_FIELDS);
}

/** Whether a saved field differs (by identity: the store replaces what it changes). */
export function savedSessionChanged(state: SavedSession, previous: SavedSession): boolean {
  return SAVED_FIELDS.some((key) => state[key] !== previous[key]);
}

export function shownSession(state: SavedSession): ShownSession {
  return { ...savedSession(state), formatOptions: state.formatOptions[state.formatId] ?? {} };
}

/** The share link's payload, its keys in declaration order (the link's JSON is written in it). */
export function sharedConversation(shown: SharedConversation): SharedConversation {
  const shared: SharedConversation = pick(shown, CONVERSATION_FIELDS);
  if (shown.trainingMask && !isDefaultMask(shown.trainingMask)) shared.trainingMask = shown.trainingMask;
  return shared;
}

/**
 * A restored envelope, split: the saved fields to put in the store (a toggle only when it holds a
 * boolean) and every other field but `version`, `savedAt` and the two-tab stamp, which a newer Parley wrote and this
 * one writes back unchanged.
 */
export function splitEnvelope(envelope: SavedEnvelopeFields & Record<string, unknown>): { session: SavedEnvelopeFields; kept: Record<string, unknown> } {
  const kept: Record<string, unknown> = { ...envelope };
  for (const key of ['version', 'savedAt', 'revision', 'writer', ...SAVED_FIELDS]) delete kept[key];
  const session: SavedEnvelopeFields = pick(envelope, CONVERSATION_FIELDS);
  for (const key of TOGGLE_FIELDS) {
    const value = envelope[key];
    if (typeof value === 'boolean') session[key] = value;
  }
  if (envelope.trainingMask !== undefined) session.trainingMask = readMaskSettings(envelope.trainingMask);
  return { session, kept };
}
