/**
 * Structural checks of a record for a format: what makes a record wrong as training data in
 * any format. Each check is a file of its own in structure/ (codes in structure/codes.ts):
 * - a role the format cannot write (roles.ts; the format says which it writes: Format.roles),
 *   with a fix where the meaning is plain (role-meaning.ts); for a format that writes any role
 *   its template handles (Jinja), a message whose content is absent from the render instead
 *   (rendered-content.ts);
 * - an empty assistant turn (empty-assistant.ts);
 * - two system messages (system-messages.ts).
 * Tool calls without results, results without calls and calls to tools that are not defined
 * are format-independent: core/validate (call-ids.ts, tool-arguments.ts) reports them.
 */
import type { Format } from '../formats/types.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';
import { checkEmptyAssistant } from './structure/empty-assistant.ts';
import { checkRenderedContent } from './structure/rendered-content.ts';
import { checkRenderedParts } from './structure/rendered-parts.ts';
import { checkRoles } from './structure/roles.ts';
import { checkSystemMessages } from './structure/system-messages.ts';

export { STRUCTURE_CODES, roleFixId } from './structure/codes.ts';

export interface StructureInput {
  /**
   * The text of the format's render, for a format without `roles` (Jinja): each message's
   * content is looked for in it. Undefined or empty: not rendered, or the render failed (that
   * check is left out).
   */
  renderText?: string;
}

/** Whether the structural checks of `format` need the render's text (`StructureInput.renderText`). */
export function needsRenderText(format: Format<OptionValues>): boolean {
  return format.roles === undefined;
}

export function checkStructure(record: ParleyRecord, format: Format<OptionValues>, input: StructureInput = {}): Diagnostic[] {
  if (record.kind !== 'chat') return [];
  const out: Diagnostic[] = [];
  if (format.roles !== undefined) out.push(...checkRoles(record, format.label, format.roles));
  // An empty render is one that failed (a template error, over budget) or is still to come (the
  // app's template worker): it has nothing to look for content in.
  else if (input.renderText !== undefined && input.renderText !== '') out.push(...checkRenderedContent(record, input.renderText), ...checkRenderedParts(record, input.renderText));
  out.push(...checkEmptyAssistant(record), ...checkSystemMessages(record));
  return out;
}
