/**
 * How the app shows a training record (docs/app.md, 'Training records'): a branch is rendered
 * and checked as core's `branchRecord` (the shared prompt, then that branch), and what the
 * render and the checks say about it is moved to the record's own paths (`branchPath`: the
 * second message after the prompt in the rejected branch is `branches.rejected[1]`), so that a
 * click in the preview, a marker or a diagnostic lands on the field the person edits.
 */
// The model's module, not core's index: the token worker loads this file (through masked-spans.ts).
import { branchDiagnostics, branchNamesOf, branchPath, branchRecord, isPreferenceRecord } from '../../core/model/branches.ts';
import type { BranchName, Conversation, ParleyRecord } from '../../core/model/types.ts';
import type { Rendered, Span } from '../../core/formats/types.ts';

/**
 * The branches the app renders and checks, the first one in the Text view: a preference
 * record's chosen and rejected; the completion (or the one branch) of any other training
 * record; none for an ordinary conversation.
 */
export function shownBranches(record: ParleyRecord): BranchName[] {
  if (record.kind !== 'chat' || record.branches === undefined) return [];
  if (isPreferenceRecord(record)) return ['chosen', 'rejected'];
  return branchNamesOf(record).slice(0, 1);
}

const branchRecords = new WeakMap<Conversation, Map<BranchName, Conversation>>();

/**
 * `branchRecord(record, name)`, the same object for the same record: renders are memoised on
 * the record's identity (and the Jinja worker's render too), so a new object each time would
 * render again, forever.
 */
export function branchOf(record: Conversation, name: BranchName): Conversation {
  let byName = branchRecords.get(record);
  if (!byName) branchRecords.set(record, (byName = new Map()));
  let branch = byName.get(name);
  if (!branch) byName.set(name, (branch = branchRecord(record, name)));
  return branch;
}

/** A render of `branchOf(record, name)` with its spans and diagnostics at the record's paths. */
export function inRecordRender(record: Conversation, name: BranchName, rendered: Rendered): Rendered {
  return { ...rendered, spans: rendered.spans.map((span) => ({ ...span, path: branchPath(record, name, span.path) })), diagnostics: branchDiagnostics(record, name, rendered.diagnostics) };
}

/** The inverse of core's `branchPath`: `branches.<name>[i]…` → `messages[prompt length + i]…` of `branchOf(record, name)`. */
export function conversationPath(record: Conversation, name: BranchName, path: Span['path']): Span['path'] {
  const index = path[2];
  if (path[0] !== 'branches' || path[1] !== name || typeof index !== 'number') return path;
  return ['messages', record.messages.length + index, ...path.slice(3)];
}

/**
 * The conversation the Text view shows for `record`: its first shown branch (the prompt, then
 * the chosen or the one completion), or the record itself. Compare renders this, so that it
 * compares what the preview shows, not the prompt alone.
 */
export function shownConversation(record: ParleyRecord): ParleyRecord {
  const name = shownBranches(record)[0];
  return name === undefined || record.kind !== 'chat' ? record : branchOf(record, name);
}
