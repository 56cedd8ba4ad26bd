/**
 * Training records with branches (types.ts `BRANCH_NAMES`): a branch is read, rendered, checked
 * and tokenized as the ordinary conversation "shared prompt, then that branch's messages", so
 * that no format, check or tokenizer needs to know about branches. `branchRecord` makes that
 * conversation, `withBranch` puts an edited one back, `branchPath` names a place of it in the
 * record (a diagnostic's path). All pure: the record given is never changed.
 */
import type { Diagnostic } from './diagnostic.ts';
import type { Fix, FixOp } from './fix.ts';
import { pathLabel, type FieldPath } from './path.ts';
import { BRANCH_NAMES, type BranchName, type Conversation, type Message, type ParleyRecord } from './types.ts';

/** What a training record is for, from the branches it has (undefined: an ordinary conversation). */
export type TrainingKind = 'preference' | 'unpaired-preference' | 'prompt-completion';

/** The branches the record has, in the order chosen, rejected, completion. */
export function branchNamesOf(record: ParleyRecord): BranchName[] {
  if (record.kind !== 'chat' || record.branches === undefined) return [];
  const branches = record.branches;
  return BRANCH_NAMES.filter((name) => branches[name] !== undefined);
}

/** True for a record with both a chosen and a rejected branch (shown and rendered as two). */
export function isPreferenceRecord(record: ParleyRecord): record is Conversation & { branches: { chosen: Message[]; rejected: Message[] } } {
  return record.kind === 'chat' && record.branches?.chosen !== undefined && record.branches.rejected !== undefined;
}

export function trainingKindOf(record: ParleyRecord): TrainingKind | undefined {
  if (record.kind !== 'chat') return undefined;
  if (isPreferenceRecord(record)) return 'preference';
  if (record.label !== undefined) return 'unpaired-preference';
  if (record.branches?.completion !== undefined) return 'prompt-completion';
  return undefined;
}

/**
 * The branches a record is rendered as, one output each: a preference record's chosen and
 * rejected; any other record is one conversation (`[undefined]`: the record itself, or, with a
 * completion, `branchRecord(record, 'completion')`: see `wholeRecord`).
 */
export function renderedBranches(record: ParleyRecord): BranchName[] {
  return isPreferenceRecord(record) ? ['chosen', 'rejected'] : [];
}

/**
 * The branch `name` as an ordinary conversation: the prompt's messages, then the branch's, with
 * the record's tools and fields (no `branches`, no `label`). The message objects are the
 * record's own (not copied), so their ids are the same in every branch and in the record.
 */
export function branchRecord(record: Conversation, name: BranchName): Conversation {
  const { branches, label: _label, ...rest } = record;
  return { ...rest, messages: [...record.messages, ...(branches?.[name] ?? [])] };
}

/**
 * A record of no branches or one completion as one conversation (prompt then completion); a
 * record of other branches as it is (callers render those per branch: `renderedBranches`).
 */
export function wholeRecord(record: ParleyRecord): ParleyRecord {
  if (record.kind !== 'chat' || record.branches === undefined || isPreferenceRecord(record)) return record;
  const names = branchNamesOf(record);
  return names.length === 1 ? branchRecord(record, names[0] as BranchName) : record;
}

/**
 * Where the prompt ends in `edited`, a branch conversation made by `branchRecord(record, …)` and
 * edited since: after the last message that was in the record's prompt (by id), so that a
 * message added after the prompt belongs to the branch; the prompt's length when none of its
 * messages is left.
 */
export function promptEnd(record: Conversation, edited: readonly Message[]): number {
  const promptIds = new Set(record.messages.map((message) => message.id));
  for (let i = edited.length - 1; i >= 0; i--) if (promptIds.has((edited[i] as Message).id)) return i + 1;
  return Math.min(record.messages.length, edited.length);
}

/**
 * The record with branch `name` replaced by the edited branch conversation: its messages up to
 * `promptEnd` become the shared prompt (an edit of the prompt in one branch is an edit of both),
 * the rest the branch; its tools and fields become the record's. The other branches and the
 * label are kept.
 */
export function withBranch(record: Conversation, name: BranchName, edited: Conversation): Conversation {
  const end = promptEnd(record, edited.messages);
  const { branches: _b, label: _l, ...fields } = edited;
  const next: Conversation = { ...fields, messages: edited.messages.slice(0, end), branches: { ...record.branches, [name]: edited.messages.slice(end) } };
  if (record.label !== undefined) next.label = record.label;
  return next;
}

/**
 * The path in the record of a path in `branchRecord(record, name)`: a message after the prompt
 * is `branches.<name>[i]`; the prompt and everything else keep their path.
 */
export function branchPath(record: Conversation, name: BranchName, path: FieldPath): FieldPath {
  const index = path[1];
  if (path[0] !== 'messages' || typeof index !== 'number' || index < record.messages.length) return path;
  return ['branches', name, index - record.messages.length, ...path.slice(2)];
}

/**
 * Diagnostics of `branchRecord(record, name)` with the record's paths (`branchPath`); a message
 * that starts with the old path's label (`messages[3].content: …`) starts with the new one.
 */
export function branchDiagnostics<D extends Diagnostic>(record: Conversation, name: BranchName, diagnostics: readonly D[]): D[] {
  return diagnostics.map((diagnostic) => {
    const fixed = diagnostic.fix === undefined ? diagnostic : withBranchFix(record, name, diagnostic);
    if (fixed.path === undefined) return fixed;
    const path = branchPath(record, name, fixed.path);
    if (path === fixed.path) return fixed;
    const oldLabel = pathLabel(fixed.path);
    const message = fixed.message.startsWith(oldLabel) ? pathLabel(path) + fixed.message.slice(oldLabel.length) : fixed.message;
    return { ...fixed, path, message };
  });
}

/**
 * The diagnostic with its fix's edit at the record's paths, so that the app's Fix applies it to
 * the record; without the fix when an operation addresses the whole message list (no single
 * place in the record holds it).
 */
function withBranchFix<D extends Diagnostic>(record: Conversation, name: BranchName, diagnostic: D): D {
  const fix = diagnostic.fix as Fix;
  const wholeList = (path: FieldPath) => path[0] === 'messages' && typeof path[1] !== 'number';
  if (fix.edit.some((op) => wholeList(op.path) || (op.op === 'move' && wholeList(op.from)))) {
    const { fix: _fix, ...rest } = diagnostic;
    return rest as D;
  }
  const edit = fix.edit.map((op): FixOp => (op.op === 'move' ? { ...op, from: branchPath(record, name, op.from), path: branchPath(record, name, op.path) } : { ...op, path: branchPath(record, name, op.path) }));
  return { ...diagnostic, fix: { ...fix, edit } };
}

/**
 * The conversations a record is checked as: each branch of a record with branches (the prompt
 * then that branch), or the record itself.
 */
export function checkedBranches(record: ParleyRecord): BranchName[] {
  return record.kind === 'chat' && record.branches !== undefined ? branchNamesOf(record) : [];
}
