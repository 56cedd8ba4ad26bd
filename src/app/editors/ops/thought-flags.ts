/**
 * OpenChatML thought flags of a system message (`<|reflect|><|introspect|><|reason|>` after its
 * content): which flags a message has after a checkbox is toggled, and when the control shows.
 */
import type { Role, ThoughtKind } from '../../../core/index.ts';

/** The order the flags are written in (§4), whatever order they were ticked in. */
export const THOUGHT_FLAG_KINDS: readonly ThoughtKind[] = ['reflect', 'introspect', 'reason'];

/** The format that writes flags. Other formats ignore them, so the control stays out of their way. */
export const THOUGHT_FLAGS_FORMAT_ID = 'openchatml';

/**
 * The flags with `kind` switched on or off, in the written order; `undefined` when none is left
 * (the field is removed rather than kept as `[]`, so that export gives back what was opened).
 */
export function withThoughtFlag(flags: readonly ThoughtKind[] | undefined, kind: ThoughtKind, on: boolean): ThoughtKind[] | undefined {
  const next = THOUGHT_FLAG_KINDS.filter((k) => (k === kind ? on : (flags ?? []).includes(k)));
  return next.length > 0 ? next : undefined;
}

/**
 * The control shows on a system message while the format is OpenChatML, and on any message that
 * has flags, whatever the format: flags that are set must stay visible and removable (on a
 * non-system message OpenChatML reports them and does not write them).
 */
export function showsThoughtFlags(role: Role, flags: readonly ThoughtKind[] | undefined, formatWritesFlags: boolean): boolean {
  return (flags !== undefined && flags.length > 0) || (role === 'system' && formatWritesFlags);
}
