/**
 * Deep copies of model objects with fresh ids (duplicate a message, a block, a file): every
 * editable object needs its own id for React keys and drag and drop. Only model objects get new
 * ids; user data (`extra`, value parts, raw unknown blocks) is copied as is, even if it has
 * an `id` key of its own.
 */
import { newId, type Block, type DocumentFile, type Message, type Part, type ToolCall, type ToolDefinition, type ToolOutput } from '../../../core/index.ts';

function copy<T>(value: T): T {
  return structuredClone(value);
}

export function cloneToolCall(call: ToolCall): ToolCall {
  return { ...copy(call), id: newId('c') };
}

export function cloneToolOutput(output: ToolOutput): ToolOutput {
  return { ...copy(output), id: newId('o') };
}

export function clonePart(part: Part): Part {
  return { ...copy(part), id: newId('p') };
}

export function cloneBlock(block: Block): Block {
  const fresh = { ...copy(block), id: newId('b') };
  if (fresh.type === 'tool_calls') fresh.calls = fresh.calls.map(cloneToolCall);
  if (fresh.type === 'tool_outputs') fresh.outputs = fresh.outputs.map(cloneToolOutput);
  return fresh;
}

export function cloneMessage(message: Message): Message {
  const fresh: Message = { ...copy(message), id: newId('m') };
  if (fresh.toolCalls) fresh.toolCalls = fresh.toolCalls.map(cloneToolCall);
  if (fresh.content?.type === 'parts') fresh.content = { type: 'parts', parts: fresh.content.parts.map(clonePart) };
  if (fresh.content?.type === 'blocks') fresh.content = { type: 'blocks', blocks: fresh.content.blocks.map(cloneBlock) };
  return fresh;
}

export function cloneToolDefinition(tool: ToolDefinition): ToolDefinition {
  return { ...copy(tool), id: newId('t') };
}

export function cloneFile(file: DocumentFile): DocumentFile {
  return { ...copy(file), id: newId('f'), parts: file.parts.map(clonePart) };
}
