/**
 * Accessible names, derived from field paths so that they are systematic: every control's name
 * is the label of the path it edits (`Message 3 block 2 tool call 1 arguments`) and every
 * action's name is a verb plus that label (`Remove message 3 block 2`). Numbers are 1-based,
 * as shown on screen; paths stay 0-based. e2e tests and the UI benchmark rely on these names
 * (documented in docs/editors.md, "Accessible names").
 */
import type { FieldPath } from '../../core/index.ts';

const LIST_NOUNS: Record<string, string> = {
  messages: 'Message',
  tools: 'Tool',
  files: 'File',
  blocks: 'block',
  parts: 'part',
  calls: 'tool call',
  toolCalls: 'tool call',
  outputs: 'tool output',
};

const FIELD_NOUNS: Record<string, string> = {
  role: 'role',
  name: 'name',
  content: 'content',
  text: 'text',
  kind: 'thought kind',
  arguments: 'arguments',
  callId: 'call id',
  output: 'output',
  isError: 'error',
  toolCallId: 'tool call id',
  description: 'description',
  parameters: 'parameters',
  url: 'image URL',
  mediaType: 'media type',
  value: 'value',
  prefix: 'FIM prefix',
  middle: 'FIM middle',
  suffix: 'FIM suffix',
  mapping: 'mapping form',
  thoughtFlags: 'thought flags',
  channel: 'channel',
  recipient: 'recipient',
  contentType: 'content type',
  label: 'KTO label',
};

/** `['messages', 2, 'content', 'blocks', 1, 'calls', 0, 'arguments']` → `Message 3 block 2 tool call 1 arguments`. */
export function fieldLabel(path: FieldPath): string {
  const words: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const next = path[i + 1];
    if (segment === undefined || typeof segment === 'number') continue;
    if (segment === 'branches' && typeof next === 'string') {
      // A training record's branch (`branches.chosen[0]`): "Chosen message 1", "Rejected messages".
      const index = path[i + 2];
      words.push(typeof index === 'number' ? `${next} message ${index + 1}` : `${next} messages`);
      i += typeof index === 'number' ? 2 : 1;
    } else if (segment in LIST_NOUNS && typeof next === 'number') {
      words.push(`${LIST_NOUNS[segment]} ${next + 1}`);
      i += 1;
    } else if (segment === 'thoughtFlags' && typeof next === 'string') {
      // One checkbox per flag, named by its kind: `thoughtFlags.reason` → "thought flag reason".
      words.push(`thought flag ${next}`);
      i += 1;
    } else if (segment === 'content' && (next === 'parts' || next === 'blocks')) {
      // `content.blocks[1]` reads as "block 2": the content level adds no word.
    } else {
      words.push(FIELD_NOUNS[segment] ?? segment);
    }
  }
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** `Remove message 3 block 2`, `Move message 3 up` (verb first, then the lower-cased label, then an optional tail). */
export function actionLabel(verb: string, path: FieldPath, tail?: string): string {
  const label = fieldLabel(path);
  const subject = label.charAt(0).toLowerCase() + label.slice(1);
  return tail === undefined ? `${verb} ${subject}` : `${verb} ${subject} ${tail}`;
}
