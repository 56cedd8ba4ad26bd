/**
 * What the model holds that no message list given to a template carries (the builder,
 * formats/shared/template-messages.ts, has no key for it), reported lost instead of dropped in
 * silence (docs/formats.md, 'All formats: nothing is dropped silently'). Before the one builder,
 * the Jinja context was the OpenAI Chat encoding under the loss probe (interchange/loss-probe.ts),
 * which reported exactly these: a system message's thought flags, a message's harmony header,
 * the other keys of an Apertus content mapping, and what an OpenAI Responses source kept in its
 * block notes (an assistant item's own fields, a reasoning summary's parts). Formats do not
 * import interchange: the Responses note is read by its key, as source-notes.ts reads the
 * OpenAI Chat one (unreceived.test.ts checks the key is the reader's).
 *
 * Also the thoughts of a template that never names the key they are passed under
 * (`reasoning_content`, or the source's): it cannot write them. The structural check
 * (checks/structure/rendered-parts.ts) looks for thoughts in the render loosely (a line of
 * them), and thoughts that quote the call they lead to (`"name": "get_weather"`) pass it.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Conversation, Message } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { reportThoughtFlags } from '../shared/left-out.ts';
import type { TemplateMessage } from '../shared/template-messages.ts';

const LABEL = 'the Jinja template';
const WHY = `${LABEL} receives OpenAI-style messages, which have no place for them`;

/** The note an OpenAI Responses reader leaves on a block (interchange/openai-responses/shape.ts `SHAPE`). */
export const OPENAI_RESPONSES_NOTE = 'openaiResponsesShape';

interface ResponsesBlockNote {
  item?: { extra?: Record<string, unknown> };
  summary?: unknown[];
}

const HARMONY_FIELDS = ['channel', 'recipient', 'contentType'] as const;

function keyList(object: Readonly<Record<string, unknown>>): string {
  return Object.keys(object)
    .map((key) => JSON.stringify(key))
    .join(', ');
}

/** A message's harmony header (channel, recipient, content type): one diagnostic, at the first field set. */
function harmonyHeader(message: Message, path: FieldPath, out: Diagnostic[]): void {
  const set = HARMONY_FIELDS.filter((key) => message[key] !== undefined);
  const first = set[0];
  if (first === undefined) return;
  const fields = set.map((key) => `${key} ${JSON.stringify(message[key])}`).join(', ');
  out.push(lostInConversion(`the harmony header (${fields})`, WHY, [...path, first]));
}

/** The notes a Responses reader left on the blocks of a message. */
function responsesNotes(message: Message, path: FieldPath, out: Diagnostic[]): void {
  const content = message.content;
  if (content?.type !== 'blocks') return;
  content.blocks.forEach((block, j) => {
    const value = (block as unknown as Record<string, unknown>)[OPENAI_RESPONSES_NOTE];
    if (typeof value !== 'object' || value === null) return;
    const note = value as ResponsesBlockNote;
    const blockPath: FieldPath = [...path, 'content', 'blocks', j];
    const extra = note.item?.extra;
    if (extra && Object.keys(extra).length > 0) out.push(lostInConversion(`the message item fields ${keyList(extra)} (OpenAI Responses)`, WHY, blockPath));
    if (note.summary && note.summary.length > 0) {
      out.push(lostInConversion(`the ${note.summary.length} parts of the reasoning summary (OpenAI Responses; their text is kept as the thoughts)`, WHY, [...blockPath, 'summary']));
    }
  });
}

/** Everything of `record` the message list has no key for, in record order. */
export function reportUnreceived(record: Conversation, out: Diagnostic[]): void {
  reportThoughtFlags(record.messages, LABEL, out);
  record.messages.forEach((message, i) => {
    const path: FieldPath = ['messages', i];
    const contentExtra = message.content?.extra;
    if (contentExtra && Object.keys(contentExtra).length > 0) out.push(lostInConversion(`the content keys ${keyList(contentExtra)}`, WHY, [...path, 'content', 'extra']));
    harmonyHeader(message, path, out);
    responsesNotes(message, path, out);
  });
}

/**
 * Thoughts passed under a key (`reasoningKey(message)`) that the template's text never names:
 * one diagnostic per thoughts block, at the block (the thoughts of a template message are its
 * blocks' texts).
 */
export function reportUnreadThoughts(messages: readonly TemplateMessage[], template: string, reasoningKey: (message: TemplateMessage) => string, out: Diagnostic[]): void {
  for (const message of messages) {
    if (message.thoughts === undefined) continue;
    const key = reasoningKey(message);
    if (template.includes(key)) continue;
    for (const piece of message.thoughts) {
      const path = piece.path[piece.path.length - 1] === 'text' ? piece.path.slice(0, -1) : piece.path;
      out.push(lostInConversion('the thoughts (reasoning)', `${LABEL} never reads ${JSON.stringify(key)}, the key they are passed under`, path));
    }
  }
}
