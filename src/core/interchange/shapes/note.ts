/** The shape note of a training record (see `shared/shape.ts`): how its source wrapped it, so that export gives the same JSON back. */
import type { BranchName } from '../../model/types.ts';
import type { LabelKey, PromptKey } from './wrapper.ts';

export const SHAPE = 'trainingShape';

export interface TrainingNote {
  /** The dialect that read it: only that dialect's output follows the note; another writes its own default wrapper. */
  dialect: string;
  /** The source's top-level keys in their order (the output follows it). */
  keys: string[];
  /** Where the prompt was; undefined: the implicit-prompt form. */
  promptKey: PromptKey | undefined;
  labelKey?: LabelKey;
  /** The prompt, or the named branch, was plain text (a string), not a list of messages. */
  text?: Partial<Record<BranchName | 'prompt', true>>;
  /** The named branches were one message object (LLaMA-Factory's `chosen`/`rejected` turns), not a list. */
  single?: Partial<Record<BranchName, true>>;
}

/** The key of the message list of each dialect's own JSON (what a prompt or branch list is read as). */
export const MESSAGES_KEY: Record<string, string> = {
  sharegpt: 'conversations',
  'openai-responses': 'input',
};

export function messagesKeyOf(dialect: string): string {
  return MESSAGES_KEY[dialect] ?? 'messages';
}

/**
 * trl's `extract_prompt`: the shared start of the chosen and rejected lists (or texts) is the
 * prompt; for texts, a space just before the first difference goes with the completions. As in
 * trl, when one is a prefix of the other the prompt stops one item short of the shorter.
 */
export function sharedStart(chosen: readonly unknown[] | string, rejected: readonly unknown[] | string, same: (a: unknown, b: unknown) => boolean): number {
  const shorter = Math.min(chosen.length, rejected.length);
  for (let i = 0; i < shorter; i++) {
    if (!same(chosen[i], rejected[i])) return typeof chosen === 'string' && i > 0 && chosen[i - 1] === ' ' ? i - 1 : i;
  }
  return Math.max(shorter - 1, 0);
}
