/**
 * Spec 001's `format_assistant_content` and `format_assistant_message_as_string`: the text the
 * template writes for one assistant message, for use where content must be a plain string
 * (standard chat formats, training pipelines that template elsewhere).
 */
import { Place } from '../../model/path.ts';
import type { Block, Message } from '../../model/types.ts';
import { newTurnState, renderBlocks } from './assistant.ts';
import { renderCalls } from './calls.ts';
import { Emitter } from './emitter.ts';

/**
 * The blocks as the template writes them in an assistant message that opens its turn:
 * `<|inner_prefix|>` before the first thoughts, `<|inner_suffix|>` before the response, tool
 * calls as `<|tools_prefix|>[…]<|tools_suffix|>` and tool outputs as `[…]`, no separators.
 */
export function formatAssistantContent(blocks: readonly Block[]): string {
  const e = new Emitter('');
  const state = newTurnState();
  state.inAssistant = true;
  renderBlocks(e, state, blocks, new Place().at('content'), 'Assistant content');
  return e.builder.text();
}

/**
 * The whole assistant message as one string: string content as is, blocks formatted as above,
 * followed by its legacy `tool_calls` (as the template appends them).
 */
export function formatAssistantMessageAsString(message: Message): string {
  const e = new Emitter('');
  const state = newTurnState();
  state.inAssistant = true;
  const content = message.content;
  if (content?.type === 'text') e.content(content.text, ['content'], true);
  else if (content?.type === 'blocks') renderBlocks(e, state, content.blocks, new Place().at('content'), 'Assistant message');
  else if (content?.type === 'parts') for (const part of content.parts) if (part.type === 'text') e.content(part.text, ['content'], true);
  if (message.toolCalls !== undefined && message.toolCalls.length > 0) renderCalls(e, message.toolCalls, new Place(), 'toolCalls', 'Assistant message');
  return e.builder.text();
}
