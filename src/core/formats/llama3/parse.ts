/**
 * Llama 3.1 text → Conversation (the inverse of render.ts). The system turn's header lines
 * (environment, built-in tools, cutoff, date) are the template's options, not record fields;
 * tools come back from the system turn or from the start of the first user turn (indented
 * JSON blocks, each followed by a blank line), and an empty system message is none. An
 * assistant turn that is exactly `{"name": …, "parameters": …}` (or
 * `<|python_tag|>name.call(k="v", …)`) gives a call; an ipython turn gives a tool message (a
 * quoted JSON string is read back as its text). A trailing assistant header is the generation
 * prompt. `render(parse(t), o) === t` for every `t = render(r, o)` (see parse.property.test.ts).
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Conversation, Message, ToolCall, ToolDefinition } from '../../model/types.ts';
import { lineColumnAt } from '../../validate/json-syntax.ts';
import { toJson, toolFromJson } from '../shared/jinja-json.ts';
import type { ParseResult } from '../types.ts';
import { resolveOptions, type Llama3Options } from './options.ts';
import { BUILTIN_PREFIX, CALL_NAME, CALL_PARAMETERS, CODES, CUTOFF, ENVIRONMENT, SYSTEM_TOOLS_INTRO, TODAY_PREFIX, TOKENS, USER_TOOLS_INTRO } from './tokens.ts';

interface Turn {
  role: string;
  body: string;
}

function where(text: string, offset: number): string {
  const { line, column } = lineColumnAt(text, offset);
  return `line ${line}, column ${column}`;
}

function nextEnd(text: string, from: number): number {
  const eot = text.indexOf(TOKENS.eot, from);
  const eom = text.indexOf(TOKENS.eom, from);
  if (eot === -1) return eom;
  return eom === -1 ? eot : Math.min(eot, eom);
}

function turns(text: string, start: number, out: Diagnostic[]): Turn[] {
  const result: Turn[] = [];
  let pos = start;
  while (pos < text.length) {
    if (!text.startsWith(TOKENS.startHeader, pos)) {
      out.push(error(CODES.syntax, `${where(text, pos)}: expected ${TOKENS.startHeader}, found ${JSON.stringify(text.slice(pos, pos + 20))}`));
      break;
    }
    const roleAt = pos + TOKENS.startHeader.length;
    const roleEnd = text.indexOf(TOKENS.endHeader, roleAt);
    const bodyAt = roleEnd + TOKENS.endHeader.length + 2;
    if (roleEnd === -1 || !text.startsWith('\n\n', roleEnd + TOKENS.endHeader.length)) {
      out.push(error(CODES.syntax, `${where(text, roleAt)}: expected the role, ${TOKENS.endHeader} and a blank line`));
      break;
    }
    const role = text.slice(roleAt, roleEnd);
    const end = nextEnd(text, bodyAt);
    if (end === -1) {
      if (!(role === 'assistant' && bodyAt === text.length)) out.push(error(CODES.syntax, `${where(text, pos)}: no ${TOKENS.eot} or ${TOKENS.eom} ends this turn`));
      break;
    }
    result.push({ role, body: text.slice(bodyAt, end) });
    pos = end + TOKENS.eot.length;
  }
  return result;
}

/** Indented JSON tool blocks at the start of `text`, each followed by a blank line; the text after them. */
function readTools(text: string): { tools: ToolDefinition[]; rest: string } {
  const tools: ToolDefinition[] = [];
  let pos = 0;
  while (text.startsWith('{', pos)) {
    let found = false;
    for (let end = text.indexOf('\n}\n\n', pos); end !== -1; end = text.indexOf('\n}\n\n', end + 1)) {
      let tool: ToolDefinition | undefined;
      try {
        tool = toolFromJson(JSON.parse(text.slice(pos, end + 2)), newId('t'));
      } catch {
        continue;
      }
      if (tool === undefined) break;
      tools.push(tool);
      pos = end + 4;
      found = true;
      break;
    }
    if (!found) break;
  }
  return { tools, rest: text.slice(pos) };
}

/** The system turn: the tools it holds (when not in the user turn) and the system message. */
function readSystem(body: string): { tools?: ToolDefinition[]; system: string; ipython: boolean } {
  let pos = 0;
  const ipython = body.startsWith(ENVIRONMENT);
  if (ipython) pos += ENVIRONMENT.length;
  if (body.startsWith(BUILTIN_PREFIX, pos)) pos = body.indexOf('\n\n', pos) + 2;
  if (body.startsWith(CUTOFF, pos)) pos += CUTOFF.length;
  if (body.startsWith(TODAY_PREFIX, pos)) {
    const lineEnd = body.indexOf('\n\n', pos);
    if (lineEnd !== -1) pos = lineEnd + 2;
  }
  const rest = body.slice(pos);
  if (rest.startsWith(SYSTEM_TOOLS_INTRO)) {
    const read = readTools(rest.slice(SYSTEM_TOOLS_INTRO.length));
    return { tools: read.tools, system: read.rest, ipython };
  }
  return { system: rest, ipython };
}

const PYTHON_CALL = /^<\|python_tag\|>([^.(]+)\.call\((.*)\)$/s;
const PYTHON_ARGUMENT = /([^=,\s][^=]*)="((?:[^"]|"(?!, |$))*)"(?:, |$)/gy;

function readCall(body: string): ToolCall | undefined {
  const python = PYTHON_CALL.exec(body);
  if (python) {
    const values: Record<string, string> = {};
    const list = python[2] ?? '';
    PYTHON_ARGUMENT.lastIndex = 0;
    let read = 0;
    for (let match = PYTHON_ARGUMENT.exec(list); match; match = PYTHON_ARGUMENT.exec(list)) {
      values[match[1] as string] = match[2] as string;
      read = PYTHON_ARGUMENT.lastIndex;
    }
    if (read !== list.length) return undefined;
    return { id: newId('c'), name: python[1] as string, arguments: toJson(values), argumentsWasObject: true };
  }
  if (!body.startsWith(CALL_NAME) || !body.endsWith('}')) return undefined;
  const nameEnd = body.indexOf(CALL_PARAMETERS, CALL_NAME.length);
  if (nameEnd === -1) return undefined;
  const args = body.slice(nameEnd + CALL_PARAMETERS.length, -1);
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    return undefined;
  }
  const call: ToolCall = { id: newId('c'), name: body.slice(CALL_NAME.length, nameEnd), arguments: typeof value === 'string' ? value : args };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) call.argumentsWasObject = true;
  return call;
}

function text(role: string, body: string): Message {
  return { id: newId('m'), role, content: { type: 'text', text: body } };
}

function toolMessage(body: string): Message {
  // The template writes nothing for null content.
  if (body === '') return { id: newId('m'), role: 'tool', content: null };
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value === 'string') return text('tool', value);
  } catch {
    // Not a quoted string: kept as written.
  }
  return text('tool', body);
}

export function parseLlama3(source: string, options?: Partial<Llama3Options>): ParseResult {
  const { bosToken } = resolveOptions(options);
  const diagnostics: Diagnostic[] = [];
  const messages: Message[] = [];
  let tools: ToolDefinition[] = [];
  const start = bosToken !== '' && source.startsWith(bosToken) ? bosToken.length : 0;
  const all = turns(source, start, diagnostics);
  let toolsInUser = false;
  all.forEach((turn, i) => {
    if (i === 0 && turn.role === 'system') {
      const read = readSystem(turn.body);
      if (read.tools) tools = read.tools;
      else toolsInUser = read.ipython;
      // An empty system message is none, unless a system turn follows (it would become the first).
      if (read.system !== '' || all[1]?.role === 'system') messages.push(text('system', read.system));
      return;
    }
    if (toolsInUser && turn.role === 'user' && turn.body.startsWith(USER_TOOLS_INTRO)) {
      toolsInUser = false;
      const read = readTools(turn.body.slice(USER_TOOLS_INTRO.length));
      tools = read.tools;
      messages.push(text('user', read.rest));
      return;
    }
    toolsInUser = false;
    if (turn.role === 'ipython') {
      messages.push(toolMessage(turn.body));
      return;
    }
    const call = turn.role === 'assistant' ? readCall(turn.body) : undefined;
    if (call) messages.push({ id: newId('m'), role: 'assistant', content: null, toolCalls: [call] });
    else messages.push(text(turn.role, turn.body));
  });
  const record: Conversation = { kind: 'chat', messages, tools };
  return { record, diagnostics };
}
