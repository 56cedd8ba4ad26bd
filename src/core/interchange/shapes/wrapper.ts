/**
 * How a training record wraps its conversations (docs/dialects.md, 'Training-data shapes'),
 * read from the JSON alone, whatever dialect its messages are in:
 * - trl preference: `prompt` + `chosen` + `rejected` (lists of messages, or plain text); the
 *   implicit-prompt form has no `prompt`, the shared start of `chosen` and `rejected` is it.
 * - trl prompt–completion: `prompt` + `completion`; KTO adds a boolean `label`.
 * - LLaMA-Factory: `conversations` (or `messages`) + `chosen` + `rejected`, each one turn
 *   object; KTO: `messages` + `label` or `conversations` + `kto_tag`.
 * A `chosen`+`rejected` pair is a mark of its own: no chat dialect has those keys.
 */
import type { BranchName } from '../../model/types.ts';
import { isObject, type JsonObject } from '../../shared/json.ts';

export const PROMPT_KEYS = ['prompt', 'messages', 'conversations'] as const;
export type PromptKey = (typeof PROMPT_KEYS)[number];
export const LABEL_KEYS = ['label', 'kto_tag'] as const;
export type LabelKey = (typeof LABEL_KEYS)[number];

export interface Wrapper {
  /** Where the prompt is; undefined: the implicit-prompt form (no prompt key). */
  promptKey: PromptKey | undefined;
  /** The branches the record has, in key order chosen, rejected (or completion). */
  branches: BranchName[];
  labelKey: LabelKey | undefined;
}

/** A branch is a list of messages, one message object (LLaMA-Factory) or plain text (trl). */
function isBranchValue(value: unknown): boolean {
  return typeof value === 'string' || isObject(value) || (Array.isArray(value) && value.every(isObject));
}

function promptKeyOf(json: JsonObject): PromptKey | undefined {
  return PROMPT_KEYS.find((key) => {
    const value = json[key];
    return (Array.isArray(value) && value.every(isObject)) || (key === 'prompt' && typeof value === 'string');
  });
}

/** The wrapper of `json`, or undefined when it is not a training record of a known shape. */
export function wrapperOf(json: unknown): Wrapper | undefined {
  // An Alpaca record (`instruction`) has `chosen`/`rejected` texts of its own: the alpaca dialect reads it.
  if (!isObject(json) || typeof json.instruction === 'string') return undefined;
  // Every dialect asks this of every record it detects or reads: an ordinary conversation has
  // none of these keys and is answered before any list is looked at.
  if (!('chosen' in json) && !('completion' in json) && !('label' in json) && !('kto_tag' in json)) return undefined;
  const promptKey = promptKeyOf(json);
  const labelKey = LABEL_KEYS.find((key) => typeof json[key] === 'boolean');
  if (isBranchValue(json.chosen) && isBranchValue(json.rejected)) {
    // The implicit prompt is the shared start of two lists or two texts.
    if (promptKey === undefined && !(Array.isArray(json.chosen) && Array.isArray(json.rejected)) && !(typeof json.chosen === 'string' && typeof json.rejected === 'string')) return undefined;
    return { promptKey, branches: ['chosen', 'rejected'], labelKey };
  }
  if (promptKey !== undefined && isBranchValue(json.completion)) return { promptKey, branches: ['completion'], labelKey };
  if ((promptKey === 'messages' || promptKey === 'conversations') && labelKey !== undefined) return { promptKey, branches: [], labelKey };
  return undefined;
}

/** True when no part of the record is a list of messages: plain text, which every chat dialect holds alike. */
export function isPlainTextWrapper(json: JsonObject, wrapper: Wrapper): boolean {
  const values = [wrapper.promptKey === undefined ? undefined : json[wrapper.promptKey], ...wrapper.branches.map((name) => json[name])];
  return values.every((value) => value === undefined || typeof value === 'string');
}
