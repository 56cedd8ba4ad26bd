/**
 * ChatML-Qwen2.5 text → Conversation (the inverse of render.ts). The first system turn gives the
 * system message (none when it is the default system message) and, after the tool
 * instructions, the tools (one JSON line each). An assistant turn ending in `<tool_call>`
 * blocks gives a message with those calls (object arguments are kept as their JSON text and
 * noted as given as an object; a quoted string is read back as the string); a user turn made of
 * `<tool_response>` blocks gives one tool message per block. A trailing
 * `<|im_start|>assistant\n` is the generation prompt (an option, not a message).
 * `render(parse(t), o) === t` for every `t = render(r, o)` (see parse.property.test.ts).
 * Problems are errors with the line and column; what could be read is returned.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Conversation, Message, ToolCall, ToolDefinition } from '../../model/types.ts';
import { lineColumnAt } from '../../validate/json-syntax.ts';
import { toolFromJson } from '../shared/jinja-json.ts';
import type { ParseResult } from '../types.ts';
import { CALL_ARGUMENTS, CALL_END, CALL_NAME, CODES, DEFAULT_SYSTEM, TOKENS, TOOLS_HEAD, TOOLS_TAIL } from './tokens.ts';

interface Turn {
  role: string;
  body: string;
  at: number;
}

function where(text: string, offset: number): string {
  const { line, column } = lineColumnAt(text, offset);
  return `line ${line}, column ${column}`;
}

function turns(text: string, out: Diagnostic[]): Turn[] {
  const result: Turn[] = [];
  let pos = 0;
  while (pos < text.length) {
    if (!text.startsWith(TOKENS.imStart, pos)) {
      out.push(error(CODES.syntax, `${where(text, pos)}: expected ${TOKENS.imStart}, found ${JSON.stringify(text.slice(pos, pos + 20))}`));
      break;
    }
    const roleAt = pos + TOKENS.imStart.length;
    const lineEnd = text.indexOf('\n', roleAt);
    if (lineEnd === -1) {
      out.push(error(CODES.syntax, `${where(text, roleAt)}: the role is not followed by a line break`));
      break;
    }
    const role = text.slice(roleAt, lineEnd);
    const end = text.indexOf(TOKENS.imEnd, lineEnd + 1);
    if (end === -1) {
      // The generation prompt: an open assistant turn at the very end.
      if (!(role === 'assistant' && lineEnd + 1 === text.length)) out.push(error(CODES.syntax, `${where(text, pos)}: no ${TOKENS.imEnd} closes this turn`));
      break;
    }
    result.push({ role, body: text.slice(lineEnd + 1, end), at: pos });
    pos = end + TOKENS.imEnd.length;
    if (text[pos] === '\n') pos += 1;
    else if (pos < text.length) out.push(error(CODES.syntax, `${where(text, pos)}: expected a line break after ${TOKENS.imEnd}`));
  }
  return result;
}

/** The tools of a system turn body, and the system text before them; undefined when it has none. */
function systemTools(body: string): { system: string; tools: ToolDefinition[] } | undefined {
  const head = body.indexOf(TOOLS_HEAD);
  if (head === -1 || !body.endsWith(TOOLS_TAIL)) return undefined;
  const lines = body.slice(head + TOOLS_HEAD.length, body.length - TOOLS_TAIL.length);
  const tools: ToolDefinition[] = [];
  for (const line of lines.split('\n').slice(1)) {
    let tool: ToolDefinition | undefined;
    try {
      tool = toolFromJson(JSON.parse(line), newId('t'));
    } catch {
      return undefined;
    }
    if (tool === undefined) return undefined;
    tools.push(tool);
  }
  return { system: body.slice(0, head), tools };
}

/** One `<tool_call>…</tool_call>` starting at `at`: the call and where it ends. */
function readCall(body: string, at: number): { call: ToolCall; end: number } | undefined {
  const open = TOKENS.toolCall + CALL_NAME;
  if (!body.startsWith(open, at)) return undefined;
  const nameAt = at + open.length;
  const nameEnd = body.indexOf(CALL_ARGUMENTS, nameAt);
  if (nameEnd === -1) return undefined;
  const argsAt = nameEnd + CALL_ARGUMENTS.length;
  const close = CALL_END + TOKENS.toolCallEnd;
  for (let end = body.indexOf(close, argsAt); end !== -1; end = body.indexOf(close, end + 1)) {
    const args = body.slice(argsAt, end);
    let value: unknown;
    try {
      value = JSON.parse(args);
    } catch {
      continue;
    }
    const call: ToolCall = { id: newId('c'), name: body.slice(nameAt, nameEnd), arguments: typeof value === 'string' ? value : args };
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) call.argumentsWasObject = true;
    return { call, end: end + close.length };
  }
  return undefined;
}

/** Calls from `at` to the end of the body (`<tool_call>` blocks separated by line breaks). */
function readCalls(body: string, at: number): ToolCall[] | undefined {
  const calls: ToolCall[] = [];
  let pos = at;
  for (;;) {
    const read = readCall(body, pos);
    if (!read) return undefined;
    calls.push(read.call);
    if (read.end === body.length) return calls;
    if (body[read.end] !== '\n') return undefined;
    pos = read.end + 1;
  }
}

function assistantMessage(body: string): Message {
  for (let at = body.indexOf(TOKENS.toolCall); at !== -1; at = body.indexOf(TOKENS.toolCall, at + 1)) {
    if (at > 0 && body[at - 1] !== '\n') continue;
    const calls = readCalls(body, at);
    if (!calls) continue;
    const text = at === 0 ? '' : body.slice(0, at - 1);
    return { id: newId('m'), role: 'assistant', content: { type: 'text', text }, toolCalls: calls };
  }
  return { id: newId('m'), role: 'assistant', content: { type: 'text', text: body } };
}

const RESPONSE_OPEN = `${TOKENS.toolResponse}\n`;
const RESPONSE_CLOSE = `\n${TOKENS.toolResponseEnd}`;

function toolMessages(body: string): Message[] | undefined {
  if (!body.startsWith(RESPONSE_OPEN) || !body.endsWith(RESPONSE_CLOSE) || body.length < RESPONSE_OPEN.length + RESPONSE_CLOSE.length) return undefined;
  const inner = body.slice(RESPONSE_OPEN.length, body.length - RESPONSE_CLOSE.length);
  return inner.split(`${RESPONSE_CLOSE}\n${RESPONSE_OPEN}`).map((output) => ({ id: newId('m'), role: 'tool', content: { type: 'text', text: output } }));
}

export function parseChatMl(text: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const messages: Message[] = [];
  let tools: ToolDefinition[] = [];
  turns(text, diagnostics).forEach((turn, i) => {
    if (i === 0 && turn.role === 'system') {
      const withTools = systemTools(turn.body);
      if (withTools) tools = withTools.tools;
      const system = withTools ? withTools.system : turn.body;
      if (system !== DEFAULT_SYSTEM) messages.push({ id: newId('m'), role: 'system', content: { type: 'text', text: system } });
      return;
    }
    if (turn.role === 'assistant') messages.push(assistantMessage(turn.body));
    else if (turn.role === 'user') messages.push(...(toolMessages(turn.body) ?? [{ id: newId('m'), role: 'user', content: { type: 'text', text: turn.body } }]));
    else messages.push({ id: newId('m'), role: turn.role, content: { type: 'text', text: turn.body } });
  });
  const record: Conversation = { kind: 'chat', messages, tools };
  return { record, diagnostics };
}
