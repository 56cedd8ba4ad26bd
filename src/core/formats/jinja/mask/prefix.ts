/**
 * The prefix-difference mask (what training libraries do when a template does not mark its
 * output): the trained text of assistant message i is what rendering messages 0..i adds to
 * rendering messages 0..i-1 with the generation prompt. So the template's own text around the
 * message (the wrapping of a call, the end-of-turn token) is trained, and its header (the
 * generation prompt) is not. Whitespace after the region's last special token (ChatML's line
 * break after `<|im_end|>`) is what the template writes between turns, not what the model
 * writes before it stops: it is not trained, as in the native formats.
 *
 * Read off the full render, this holds only where the template is prefix-stable at message i:
 * the render of 0..i-1 with the generation prompt starts the render of 0..i, which starts the
 * full render. Where it is not (a template that drops earlier turns' thoughts, or fails on a
 * prefix), message i falls back to its located fields, and the reason is given.
 */
import type { Conversation } from '../../../model/types.ts';
import { exactText, PrefixRenders, type PrefixRender } from './prefix-cache.ts';

export interface TurnRegion {
  /** The assistant message's index. */
  message: number;
  start: number;
  end: number;
}

export interface TurnFallback {
  message: number;
  /** Why its region could not be read, as a clause ("the template fails on …"). */
  reason: string;
}

export interface PrefixMask {
  /** The trained text of each assistant message whose region could be read. */
  regions: TurnRegion[];
  /**
   * All the text each message adds (from message 1 on: message 0's also holds what the
   * template writes before any message, a default system prompt, the tools), trained or not:
   * the template's own text there belongs to the message, so that a per-message override acts
   * on its header as on a native format's.
   */
  owned: TurnRegion[];
  fallbacks: TurnFallback[];
}

/**
 * Renders the record cut to its first messages, with or without the generation prompt.
 * Undefined: the render was cut short (the app's first try on the page) and no answer may be given.
 */
export type RenderPrefix = (record: Conversation, generationPrompt: boolean) => PrefixRender | undefined;

/**
 * Messages rendered, summed over the prefix renders of one record (render i renders i
 * messages), beyond which the record falls back to its located fields. Renders grow with the
 * square of the turns: at the 30 to 90 steps a message of real templates, 100,000 messages
 * rendered is 3 to 9 million steps, a few seconds in the template worker (about 360 messages
 * alternating user and assistant). Counted in messages, not time, so that a record gets the
 * same mask on any machine. Raise it here for longer conversations.
 */
export const MAX_MASK_MESSAGE_RENDERS = 100_000;

/** The assistant messages whose region is to be read. */
function assistantIndices(record: Conversation): number[] {
  const out: number[] = [];
  record.messages.forEach((message, i) => {
    if (message.role === 'assistant') out.push(i);
  });
  return out;
}

/** Messages rendered by the prefix renders: 0..j for every message j, and 0..i-1 with the generation prompt for every assistant message i. */
export function prefixCost(messages: number, assistants: readonly number[]): number {
  let cost = (messages * (messages + 1)) / 2;
  for (const i of assistants) cost += i;
  return cost;
}

/** `context`: what the renders depend on besides the messages (template, options, the record's other keys). */
export function contextKey(record: Conversation, options: unknown): string {
  return exactText([options, { ...record, messages: [] }]);
}

/**
 * `endsSpecial(at)`: whether a special token of the full render ends at `at` (the spans say).
 * Undefined when a render was cut short.
 */
export function prefixRegions(record: Conversation, full: string, options: unknown, render: RenderPrefix, endsSpecial: (at: number) => boolean): PrefixMask | undefined {
  const assistants = assistantIndices(record);
  const cost = prefixCost(record.messages.length, assistants);
  if (cost > MAX_MASK_MESSAGE_RENDERS) {
    const reason = `the conversation is too long for the template mask's renders (${cost.toLocaleString('en-US')} messages rendered, over ${MAX_MASK_MESSAGE_RENDERS.toLocaleString('en-US')})`;
    return { regions: [], owned: [], fallbacks: assistants.map((message) => ({ message, reason })) };
  }
  const renders = new PrefixRenders(contextKey(record, options), record.messages.map(exactText));
  const prefix = (count: number, generationPrompt: boolean) => renders.get(count, generationPrompt, () => render({ ...record, messages: record.messages.slice(0, count) }, generationPrompt));
  const out: PrefixMask = { regions: [], owned: [], fallbacks: [] };
  // Through each message: the text it adds, when the template is prefix-stable there.
  const through: (string | undefined)[] = [];
  for (let j = 0; j < record.messages.length; j++) {
    const made = prefix(j + 1, false);
    if (made === undefined) return undefined;
    through.push('text' in made && full.startsWith(made.text) ? made.text : undefined);
    const previous = through[j - 1];
    const own = through[j];
    if (j > 0 && previous !== undefined && own !== undefined && own.startsWith(previous)) out.owned.push({ message: j, start: previous.length, end: own.length });
  }
  for (const i of assistants) {
    const before = prefix(i, true);
    const upTo = prefix(i + 1, false);
    if (before === undefined || upTo === undefined) return undefined;
    const failed = 'failure' in before ? before : 'failure' in upTo ? upTo : undefined;
    if (failed !== undefined && 'failure' in failed) {
      out.fallbacks.push({ message: i, reason: `the template fails on the conversation ${'failure' in before ? 'before it, with the generation prompt' : 'up to it'} (${failed.failure})` });
      continue;
    }
    const b = (before as { text: string }).text;
    const t = (upTo as { text: string }).text;
    if (!t.startsWith(b)) {
      out.fallbacks.push({ message: i, reason: 'the template writes the conversation before it differently once it is answered (the render up to it, with the generation prompt, does not start the render through it)' });
      continue;
    }
    if (!full.startsWith(t)) {
      out.fallbacks.push({ message: i, reason: 'the template writes it differently once the conversation goes on (the render through it does not start the full render)' });
      continue;
    }
    out.regions.push({ message: i, start: b.length, end: trimAfterTurnEnd(full, b.length, t.length, endsSpecial) });
  }
  return out;
}

/** The region's end without the whitespace that follows its last special token. */
function trimAfterTurnEnd(text: string, start: number, end: number, endsSpecial: (at: number) => boolean): number {
  let at = end;
  while (at > start && /\s/.test(text.charAt(at - 1))) at--;
  return at < end && at > start && endsSpecial(at) ? at : end;
}
