/**
 * Tool outputs and tool messages that name a call id must answer a call of the same assistant
 * turn (the assistant and tool messages since the last user, system or developer message).
 */
import { warning, type Diagnostic } from '../model/diagnostic.ts';
import type { Message, ToolCall } from '../model/types.ts';

export const CALL_ID_CODES = {
  unknownCallId: 'tool-output/unknown-call-id',
} as const;

function callsOf(message: Message): ToolCall[] {
  const calls: ToolCall[] = [...(message.toolCalls ?? [])];
  if (message.content?.type === 'blocks') {
    for (const block of message.content.blocks) if (block.type === 'tool_calls') calls.push(...block.calls);
  }
  return calls;
}

function unknownIdMessage(callId: string, known: ReadonlySet<string>): string {
  const list = [...known];
  return `No tool call of this turn has the id "${callId}"${list.length > 0 ? ` (call ids: ${list.join(', ')})` : ' (its calls have no ids)'}.`;
}

export function checkCallIds(messages: readonly Message[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let turnIds = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' && message.role !== 'tool') {
      turnIds = new Set();
      return;
    }
    for (const call of callsOf(message)) if (call.callId) turnIds.add(call.callId);
    if (message.role === 'tool' && message.toolCallId && !turnIds.has(message.toolCallId)) {
      diagnostics.push(warning(CALL_ID_CODES.unknownCallId, unknownIdMessage(message.toolCallId, turnIds), ['messages', index, 'toolCallId']));
    }
    if (message.content?.type !== 'blocks') return;
    message.content.blocks.forEach((block, b) => {
      if (block.type !== 'tool_outputs') return;
      block.outputs.forEach((output, o) => {
        if (output.callId && !turnIds.has(output.callId)) {
          diagnostics.push(warning(CALL_ID_CODES.unknownCallId, unknownIdMessage(output.callId, turnIds), ['messages', index, 'content', 'blocks', b, 'outputs', o, 'callId']));
        }
      });
    });
  });
  return diagnostics;
}

/** The call ids a tool output of message `index` may answer (the turn's calls up to that message), in order. */
export function callIdsInTurn(messages: readonly Message[], index: number): string[] {
  const own = messages[index];
  if (!own || (own.role !== 'assistant' && own.role !== 'tool')) return [];
  let start = index;
  while (start > 0) {
    const previous = messages[start - 1];
    if (!previous || (previous.role !== 'assistant' && previous.role !== 'tool')) break;
    start -= 1;
  }
  const ids: string[] = [];
  for (let i = start; i <= index; i++) {
    const message = messages[i];
    if (!message) continue;
    for (const call of callsOf(message)) if (call.callId && !ids.includes(call.callId)) ids.push(call.callId);
  }
  return ids;
}
