/**
 * The content mapping keys of Apertus JSON and which one the template reads for each role:
 * `{% if "text" in messages[0].content %}` for the system message, `"parts"` for a user message,
 * `"blocks"` for an assistant message. A mapping may hold several; the others are ignored by
 * the template (and kept by the codec). Shared by the Apertus JSON reader (which form becomes
 * the content) and the renderer (which keys it says are ignored).
 */
export type ContentForm = 'text' | 'parts' | 'blocks';

export const CONTENT_FORMS: readonly ContentForm[] = ['text', 'parts', 'blocks'];

// A Map, not an object literal: roles are untrusted strings ("constructor", "__proto__").
const READ_BY_ROLE = new Map<string, ContentForm>([
  ['system', 'text'],
  ['user', 'parts'],
  ['assistant', 'blocks'],
]);

/** The form the template reads for a message of `role`, or undefined when it reads none. */
export function formReadFor(role: string): ContentForm | undefined {
  return READ_BY_ROLE.get(role);
}
