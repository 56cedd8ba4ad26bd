/**
 * Reasoning on an OpenAI-style assistant message. Chat Completions itself has no reasoning
 * field, but the servers and datasets that speak it do: `reasoning_content` (vLLM, DeepSeek,
 * Qwen3 templates), `reasoning` (vLLM, OpenRouter), `thinking` (the gpt-oss template, trl).
 * Such a message is read as a structured one (thoughts, then the answer and the calls), so that
 * formats render the reasoning as theirs (Apertus' inner monologue) and other dialects that hold
 * reasoning keep it; the key it came under is noted, and the encoder writes the thoughts back
 * under it. The first key with a string value is read (the order of REASONING_KEYS); a second
 * one stays an unknown field, written back as it is. Content with parts other than text (an
 * image beside the reasoning) has no place in a structured message: the reasoning then stays an
 * unknown field too, as before.
 */
import { newId } from '../../model/ids.ts';
import type { Block, Message } from '../../model/types.ts';
import { shapeOf, withShape } from '../shared/shape.ts';
import { REASONING_KEYS, SHAPE, type MessageShape, type ReasoningKey } from './shape.ts';

/** The reasoning key of an assistant message whose reasoning can be read as thoughts. */
function reasoningKeyOf(item: Record<string, unknown>, message: Message): ReasoningKey | undefined {
  if (item.role !== 'assistant') return undefined;
  const content = message.content;
  if (content?.type === 'parts' && content.parts.some((part) => part.type !== 'text')) return undefined;
  if (content !== undefined && content !== null && content.type !== 'text' && content.type !== 'parts') return undefined;
  return REASONING_KEYS.find((key) => typeof item[key] === 'string');
}

/** Makes `message` (decoded from `item`) a structured message when it has reasoning: thoughts, the answer, the calls. */
export function readReasoning(item: Record<string, unknown>, message: Message): void {
  const key = reasoningKeyOf(item, message);
  if (key === undefined) return;
  const blocks: Block[] = [{ id: newId('b'), type: 'thoughts', text: item[key] as string }];
  const shape: MessageShape = { ...shapeOf<MessageShape>(message, SHAPE), reasoningKey: key };
  const content = message.content;
  if (content === null) shape.contentForm = 'null';
  else if (content === undefined) shape.contentForm = 'absent';
  else if (content.type === 'text') blocks.push({ id: newId('b'), type: 'response', text: content.text });
  else if (content.type === 'parts') {
    shape.contentForm = 'parts';
    for (const part of content.parts) if (part.type === 'text') blocks.push(part.extra ? { id: newId('b'), type: 'response', text: part.text, extra: part.extra } : { id: newId('b'), type: 'response', text: part.text });
  }
  if (message.toolCalls && message.toolCalls.length > 0) blocks.push({ id: newId('b'), type: 'tool_calls', calls: message.toolCalls });
  delete message.toolCalls;
  message.content = { type: 'blocks', blocks };
  if (message.extra) {
    const { [key]: _read, ...rest } = message.extra;
    if (Object.keys(rest).length > 0) message.extra = rest;
    else delete message.extra;
  }
  withShape(message, SHAPE, shape);
}
