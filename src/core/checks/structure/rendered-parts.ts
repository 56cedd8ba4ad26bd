/**
 * For a format that writes whatever its template does (Jinja): the tool calls, the tool
 * definitions, the thoughts, and a text beside others that the template leaves out. A template
 * written for plain chat (the generic ChatML one) writes each message's content and nothing
 * else, so a conversation with tools renders as if it had none: the model is trained on
 * answers to calls it never sees made. That is content lost in silence unless said (issue 22,
 * "no silent loss"), so each kind is a warning at its place, tagged as content lost. Like
 * rendered-content.ts, the check is loose on purpose (templates transform what they write): a
 * call is present when its name and its arguments (in any spacing) appear in the render, a tool
 * when its name and description do, a thought or text block when one of its lines does (of a
 * long one, the first and last `LINES_LOOKED_FOR`, as for messages).
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Conversation, ToolCall } from '../../model/types.ts';
import { STRUCTURE_CODES } from './codes.ts';
import { appears, lines } from './rendered-content.ts';

/** Names shorter than this say nothing when found (`f` is in most renders): such a call or tool counts as present. */
const SHORTEST_NAME_LOOKED_FOR = 3;

/**
 * The render, as it is and without whitespace (templates write JSON in their own spacing). The
 * squeezed copy is made once, and only when a text is not found as written: most records have
 * no calls or tools, and most renders that write them write them as given.
 */
class Render {
  private made: string | undefined;

  constructor(readonly text: string) {}

  get squeezed(): string {
    this.made ??= squeeze(this.text);
    return this.made;
  }
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}

function shows(name: string, render: Render): boolean {
  return name.length < SHORTEST_NAME_LOOKED_FOR || render.text.includes(name);
}

/** A text (a description, arguments) shows as written, as JSON string text, or in another spacing. */
function textShows(text: string, render: Render): boolean {
  const own = squeeze(text);
  return own === '' || render.text.includes(text) || render.squeezed.includes(own) || render.squeezed.includes(squeeze(JSON.stringify(text).slice(1, -1)));
}

/** A call shows when its name does and so do its arguments (a name alone may be in the text by chance: a user naming the tool). */
function callShows(call: ToolCall, render: Render): boolean {
  return shows(call.name, render) && textShows(call.arguments, render);
}

/** One list of calls (a message's `toolCalls`, or the `calls` of one block): one warning when none shows, else one per call that does not. */
function checkCalls(calls: readonly ToolCall[], path: FieldPath, render: Render, out: Diagnostic[]): void {
  const absent = calls.flatMap((call, k) => (callShows(call, render) ? [] : [k]));
  if (absent.length === 0) return;
  if (absent.length === calls.length) {
    const what = calls.length === 1 ? `the tool call ${JSON.stringify(calls[0]?.name)}` : `these ${calls.length} tool calls`;
    out.push(warning(STRUCTURE_CODES.callsNotRendered, `The template's render does not contain ${what}: the template writes no tool calls here, so the model never sees them made.`, path, undefined, 'content'));
    return;
  }
  for (const k of absent) {
    out.push(warning(STRUCTURE_CODES.callsNotRendered, `The template's render does not contain the tool call ${JSON.stringify(calls[k]?.name)}: the template leaves it out.`, [...path, k], undefined, 'content'));
  }
}


/** None of the lines rendered-content.ts looks for (the first and last few) appears in the render, as written or as JSON string text. */
function absentText(own: string, render: string): boolean {
  const looked = lines([own]);
  return looked.length > 0 && !looked.some((line) => appears(line, render));
}

export function checkRenderedParts(record: Conversation, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const render = new Render(text);
  record.messages.forEach((message, i) => {
    const path: FieldPath = ['messages', i];
    const content = message.content;
    if (content?.type === 'blocks') {
      content.blocks.forEach((block, j) => {
        const blockPath: FieldPath = [...path, 'content', 'blocks', j];
        if (block.type === 'tool_calls' && block.calls.length > 0) checkCalls(block.calls, [...blockPath, 'calls'], render, out);
        else if (block.type === 'thoughts' && absentText(block.text, text)) {
          out.push(warning(STRUCTURE_CODES.thoughtsNotRendered, "The template's render does not contain these thoughts (no line of them appears): the template leaves the reasoning out here.", blockPath, undefined, 'content'));
        }
      });
      // A text of a message whose other texts are written (the gpt-oss template drops the text
      // before an earlier turn's calls): when none is, the message's own error says so (rendered-content.ts).
      // Only a message with two texts or more can have one written and one not: most have one.
      const responses = content.blocks.flatMap((block, j) => (block.type === 'response' && block.text.trim() !== '' ? [{ j, text: block.text }] : []));
      const texts = responses.length < 2 ? [] : responses.map(({ j, text: own }) => ({ j, absent: absentText(own, text) }));
      if (texts.some((t) => !t.absent)) {
        for (const { j } of texts.filter((t) => t.absent)) {
          out.push(warning(STRUCTURE_CODES.textNotRendered, "The template's render does not contain this text of the message (no line of it appears), though it writes the message's other text: the template leaves it out.", [...path, 'content', 'blocks', j], undefined, 'content'));
        }
      }
    }
    if (message.toolCalls !== undefined && message.toolCalls.length > 0) checkCalls(message.toolCalls, [...path, 'toolCalls'], render, out);
  });
  // Every tool, a provider's built-in one too: the template receives the tools as given
  // (formats/jinja/context.ts), so whether one is written is the template's to decide.
  const tools = record.tools.map((tool, t) => ({ tool, t }));
  const absent = tools.filter(({ tool }) => !shows(tool.name, render) || (tool.description !== undefined && !textShows(tool.description, render)));
  if (absent.length > 0 && absent.length === tools.length) {
    out.push(warning(STRUCTURE_CODES.toolsNotRendered, "The template's render contains none of the tool definitions: the template writes no tools, so the model never sees what it may call.", ['tools'], undefined, 'content'));
  } else {
    for (const { tool, t } of absent) out.push(warning(STRUCTURE_CODES.toolsNotRendered, `The template's render does not contain the tool ${JSON.stringify(tool.name)}: the template leaves it out.`, ['tools', t], undefined, 'content'));
  }
  return out;
}
