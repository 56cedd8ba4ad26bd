/**
 * Tool messages separated from their calls by another turn (core/validate/call-ids.ts,
 * `tool-output/separated-from-call`): OpenAI Chat Completions and Anthropic refuse such a request
 * (a result must follow the message of its call), so converting to them says so. The repair is
 * the check's fix (`tool-output/move-next-to-call`: Fix in the app, `--fix` in the command),
 * which the warning names rather than carries, so that one record does not hold the fix twice.
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { Conversation } from '../../model/types.ts';
import { CALL_ID_CODES, checkCallIds, MOVE_RESULT_FIX } from '../../validate/call-ids.ts';
import { pathLabel } from './issues.ts';

export function separatedResults(record: Conversation, code: string, target: string, out: Diagnostic[], wants?: (code: string) => boolean): void {
  // Only records with a tool message after another turn can have one: most records skip the check.
  if (!record.messages.some((message) => message.role === 'tool' && message.toolCallId)) return;
  for (const found of checkCallIds(record.messages)) {
    if (found.code !== CALL_ID_CODES.separatedResult || found.path === undefined) continue;
    // `EncodeHow.wants` is asked once per diagnostic, so that a caller that declines can count them.
    if (wants !== undefined && !wants(code)) continue;
    out.push(warning(code, `${pathLabel(found.path)}: the result does not follow its call (another turn comes between them), and ${target} refuses that; written where it is. Move it next to its call (the fix ${MOVE_RESULT_FIX}: Fix in the app, --fix in the command).`, found.path));
  }
}
