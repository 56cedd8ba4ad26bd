/**
 * A message's harmony header fields (channel, recipient, content type; core model types.ts):
 * when the editor shows them, and the choices it offers. Undefined is "the format's default for
 * the role"; null is "none" (the header has no such part).
 */
import type { Message } from '../../../core/index.ts';

/** The format that writes them. Other formats report them as lost, so the fields stay out of their way. */
export const HARMONY_FORMAT_ID = 'harmony';

export const CHANNEL_CHOICES: readonly string[] = ['analysis', 'commentary', 'final'];
export const CONTENT_TYPE_CHOICES: readonly string[] = ['<|constrain|>json', 'json', 'code'];
export const BUILTIN_RECIPIENTS: readonly string[] = ['assistant', 'python', 'browser.search', 'browser.open', 'browser.find'];

export function hasHarmonyHeader(message: Pick<Message, 'channel' | 'recipient' | 'contentType'>): boolean {
  return message.channel !== undefined || message.recipient !== undefined || message.contentType !== undefined;
}

/**
 * The fields show on assistant and tool messages while the format is harmony, and on any
 * message that has one set, whatever the format: what is set must stay visible and removable.
 */
export function showsHarmonyHeader(message: Pick<Message, 'role' | 'channel' | 'recipient' | 'contentType'>, formatIsHarmony: boolean): boolean {
  return hasHarmonyHeader(message) || (formatIsHarmony && (message.role === 'assistant' || message.role === 'tool'));
}

/** The select's value for a channel: `''` for the default, `'(none)'` for null. */
export const NONE = '(none)';
export function channelChoice(channel: string | null | undefined): string {
  return channel === undefined ? '' : (channel ?? NONE);
}
export function channelFromChoice(choice: string): string | null | undefined {
  return choice === '' ? undefined : choice === NONE ? null : choice;
}

/** Recipients worth suggesting: the record's function tools as `functions.NAME`, then harmony's built-ins. */
export function recipientSuggestions(toolNames: readonly string[]): string[] {
  return [...toolNames.filter((name) => name !== '').map((name) => `functions.${name}`), ...BUILTIN_RECIPIENTS];
}
