/**
 * The codes of the structural checks (stable: tests, filters and the command key on them). The
 * tool-call pairing and unknown tools are format-independent and keep their codes in
 * core/validate (`tool-call/unanswered`, `tool-output/unknown-call-id`,
 * `structure/result-without-call`, `tool-call/unknown-tool`).
 */
export const STRUCTURE_CODES = {
  /** A role the format cannot write (error; a fix where the meaning is plain: role-meaning.ts). */
  unknownRole: 'structure/unknown-role',
  /** An assistant message with no text, no tool call and no thoughts (error). */
  emptyAssistant: 'structure/empty-assistant',
  /** A system message after the first (warning). */
  twoSystems: 'structure/two-system-messages',
  /** Jinja: a message whose content the template's render does not contain (error). */
  notRendered: 'structure/content-not-rendered',
  /** Jinja: tool calls whose names the render does not contain (warning, content lost). */
  callsNotRendered: 'structure/calls-not-rendered',
  /** Jinja: tool definitions whose names the render does not contain (warning, content lost). */
  toolsNotRendered: 'structure/tools-not-rendered',
  /** Jinja: a thought block none of whose lines the render contains (warning, content lost). */
  thoughtsNotRendered: 'structure/thoughts-not-rendered',
  /** Jinja: a text block of a message none of whose lines the render contains, while the message's other text is there (warning, content lost). */
  textNotRendered: 'structure/text-not-rendered',
} as const;

/**
 * The id of the fix that names a role as the format writes it (`human` → `user`): one id per
 * role written, so that a kind of fix has one label ("fix all of this kind", the command's tally).
 */
export function roleFixId(meant: string): string {
  return `structure/role-to-${meant}`;
}
