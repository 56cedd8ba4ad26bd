/**
 * The training-mask controls as the app keeps them with the record (autosave, share links):
 * which assistant turns are trained (all, or only the last), whether thoughts and tool calls
 * count, and per-message switches that override both. Plain JSON so that it survives an envelope
 * and a link; `readMaskSettings` accepts only this shape (anything else → the default).
 */

export interface MaskSettings {
  /** `all`: every assistant turn is trained; `last`: only the last assistant turn. */
  turns: 'all' | 'last';
  /** Whether reasoning and tool calls written by the assistant are trained. */
  thoughtsAndTools: boolean;
  /** Per-message override by message index: `true` trains it, `false` never. Keys are indices as strings (JSON). */
  messages: Readonly<Record<string, boolean>>;
}

export const DEFAULT_MASK: MaskSettings = { turns: 'all', thoughtsAndTools: true, messages: {} };

/** Whether `settings` is the default (links then leave it out, so older links stay the same). */
export function isDefaultMask(settings: MaskSettings): boolean {
  return settings.turns === 'all' && settings.thoughtsAndTools && Object.keys(settings.messages).length === 0;
}

/** A stored or linked value read back: the default for anything not of this shape. */
export function readMaskSettings(value: unknown): MaskSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_MASK;
  const raw = value as Record<string, unknown>;
  const turns = raw.turns === 'last' ? 'last' : 'all';
  const thoughtsAndTools = typeof raw.thoughtsAndTools === 'boolean' ? raw.thoughtsAndTools : true;
  const messages: Record<string, boolean> = {};
  if (typeof raw.messages === 'object' && raw.messages !== null && !Array.isArray(raw.messages)) {
    for (const [key, flag] of Object.entries(raw.messages as Record<string, unknown>)) {
      if (/^\d+$/.test(key) && typeof flag === 'boolean') messages[key] = flag;
    }
  }
  return { turns, thoughtsAndTools, messages };
}

/** `settings` with message `index` switched to `on`, or back to what the other controls say (`undefined`). */
export function withMessageOverride(settings: MaskSettings, index: number, on: boolean | undefined): MaskSettings {
  const messages = { ...settings.messages };
  if (on === undefined) delete messages[String(index)];
  else messages[String(index)] = on;
  return { ...settings, messages };
}
