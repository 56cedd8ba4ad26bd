/**
 * Small constructors for model objects, so that tests, examples and codecs build records
 * without spelling out ids. Each returns a fresh object with fresh ids.
 */
import { newId } from './ids.ts';
import type {
  Block,
  Conversation,
  DocumentFile,
  DocumentRecord,
  FimPart,
  Message,
  Part,
  ResponseBlock,
  Role,
  TextPart,
  ThoughtKind,
  ThoughtsBlock,
  ToolCall,
  ToolCallsBlock,
  ToolDefinition,
  ToolOutput,
  ToolOutputsBlock,
} from './types.ts';

export function conversation(messages: Message[] = [], tools: ToolDefinition[] = []): Conversation {
  return { kind: 'chat', messages, tools };
}

export function textMessage(role: Role, text: string, fields: Partial<Omit<Message, 'id' | 'role' | 'content'>> = {}): Message {
  return { id: newId('m'), role, content: { type: 'text', text }, ...fields };
}

export function partsMessage(role: Role, parts: Part[], fields: Partial<Omit<Message, 'id' | 'role' | 'content'>> = {}): Message {
  return { id: newId('m'), role, content: { type: 'parts', parts }, ...fields };
}

export function blocksMessage(blocks: Block[], fields: Partial<Omit<Message, 'id' | 'role' | 'content'>> = {}): Message {
  return { id: newId('m'), role: 'assistant', content: { type: 'blocks', blocks }, ...fields };
}

export function textPart(text: string): TextPart {
  return { id: newId('p'), type: 'text', text };
}

export function fimPart(prefix: string, middle: string, suffix: string): FimPart {
  return { id: newId('p'), type: 'fim', prefix, middle, suffix };
}

export function thoughts(text: string, kind?: ThoughtKind): ThoughtsBlock {
  return kind === undefined ? { id: newId('b'), type: 'thoughts', text } : { id: newId('b'), type: 'thoughts', text, kind };
}

export function response(text: string): ResponseBlock {
  return { id: newId('b'), type: 'response', text };
}

export function toolCall(name: string, args: string, fields: Partial<Omit<ToolCall, 'id' | 'name' | 'arguments'>> = {}): ToolCall {
  return { id: newId('c'), name, arguments: args, ...fields };
}

export function toolOutput(output: string, fields: Partial<Omit<ToolOutput, 'id' | 'output'>> = {}): ToolOutput {
  return { id: newId('o'), output, ...fields };
}

export function toolCalls(calls: ToolCall[]): ToolCallsBlock {
  return { id: newId('b'), type: 'tool_calls', calls };
}

export function toolOutputs(outputs: ToolOutput[]): ToolOutputsBlock {
  return { id: newId('b'), type: 'tool_outputs', outputs };
}

export function toolDefinition(name: string, description?: string, parameters?: unknown): ToolDefinition {
  const tool: ToolDefinition = { id: newId('t'), name };
  if (description !== undefined) tool.description = description;
  if (parameters !== undefined) tool.parameters = parameters;
  return tool;
}

export function documentFile(parts: Part[], name?: string): DocumentFile {
  return name === undefined ? { id: newId('f'), parts } : { id: newId('f'), name, parts };
}

export function documentRecord(files: DocumentFile[]): DocumentRecord {
  return { kind: 'document', files };
}
