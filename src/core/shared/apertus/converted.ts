/**
 * A conversation read from another dialect, as Apertus JSON holds it (issue 24). Other
 * dialects keep shapes that mean nothing wrong there but that the Apertus template raises on:
 * OpenAI's `content: null` beside an assistant's tool calls, and OpenAI-nested tools
 * (`{"type": "function", "function": {…}}`). Converting such a conversation to Apertus JSON
 * writes what Apertus JSON says for them ("" or an empty blocks list, whichever the other
 * assistant messages use; the function object itself), so the Apertus render and the Apertus
 * JSON export both see this view and only real problems remain. The model keeps the source's
 * shapes, so the write-back to its own dialect is unchanged. A conversation Apertus JSON read
 * (or one built in the app) is shown as it is: there those shapes are the data's own.
 */
import type { Content, Conversation, Extra, Message, ToolDefinition } from '../../model/types.ts';

const OWN_DIALECT = 'apertus-json';

/** The conversation as Apertus JSON holds it; the same object when nothing differs (most records). */
export function asApertusJson(conversation: Conversation): Conversation {
  if (conversation.readFrom === undefined || conversation.readFrom === OWN_DIALECT) return conversation;
  const needsMessages = conversation.messages.some(isNullBesideCalls);
  const needsTools = conversation.tools.some((tool) => tool.wrapped === true);
  if (!needsMessages && !needsTools) return conversation;
  const { messages, tools } = conversation;
  return {
    ...conversation,
    messages: needsMessages ? messages.map((message, index) => (isNullBesideCalls(message) ? { ...message, content: emptyContent(messages, index) } : message)) : messages,
    tools: needsTools ? tools.map(flatTool) : tools,
  };
}

function isNullBesideCalls(message: Message): boolean {
  return message.role === 'assistant' && message.content === null && (message.toolCalls?.length ?? 0) > 0;
}

/** "" or an empty blocks list: the form of the conversation's other assistant messages (a string when they have none or mix). */
function emptyContent(messages: readonly Message[], index: number): Content {
  const blocks = messages.some((m, i) => i !== index && m.role === 'assistant' && m.content?.type === 'blocks');
  const strings = messages.some((m, i) => i !== index && m.role === 'assistant' && m.content?.type === 'text');
  return blocks && !strings ? { type: 'blocks', blocks: [] } : { type: 'text', text: '' };
}

/** The function object itself: the nested `function` object's unknown keys become the tool's own; the wrapper's other keys stay. */
function flatTool(tool: ToolDefinition): ToolDefinition {
  if (tool.wrapped !== true) return tool;
  const { wrapped: _wrapped, extra, ...rest } = tool;
  const flatExtra = flattenExtra(extra);
  return flatExtra === undefined ? rest : { ...rest, extra: flatExtra };
}

function flattenExtra(extra: Extra | undefined): Extra | undefined {
  if (extra === undefined || !Object.hasOwn(extra, 'function')) return extra;
  const { function: inner, ...outer } = extra;
  const merged = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? { ...outer, ...(inner as Extra) } : outer;
  return Object.keys(merged).length === 0 ? undefined : merged;
}
