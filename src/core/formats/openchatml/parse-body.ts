/**
 * Message bodies → content: the system message (content, thought flags, function list), tool
 * messages (a function output) and every other body (thought blocks, text and function calls
 * joined by line breaks). Each reading mirrors the renderer; what does not fit is kept as text.
 */
import { warning } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, ThoughtKind, ToolCall, ToolDefinition } from '../../model/types.ts';
import { PARSE_CODES } from './codes.ts';
import { readJson, readJsonAt, valueOf, type JsonNode } from './json-node.ts';
import { jsonText, pythonString } from './json-write.ts';
import type { ParseContext } from './parse-context.ts';
import { THOUGHT_KINDS, TOKENS, flagToken, thoughtEnd, thoughtStart } from './tokens.ts';

const RAW_COMPACT = { indent: undefined, style: 'python', ensureAscii: false } as const;
const RAW_PRETTY = { indent: 2, style: 'python', ensureAscii: false } as const;
const LIST_MARKER = `\n${TOKENS.functionList}\n`;
const OUTPUT_MARKER = `${TOKENS.functionOutput}\n`;

function field(node: JsonNode, key: string): JsonNode | undefined {
  return node.type === 'object' ? node.entries.find((entry) => entry.key === key)?.value : undefined;
}

function hasOnlyKeys(node: JsonNode, allowed: readonly string[]): boolean {
  return node.type === 'object' && node.entries.every((entry) => allowed.includes(entry.key));
}

// ---------------------------------------------------------------- system

/** A definition `{"type": "function", "function": {...}}`, or why it is not one. */
function toolOf(node: JsonNode): ToolDefinition | string {
  const fn = field(node, 'function');
  const type = field(node, 'type');
  if (!hasOnlyKeys(node, ['type', 'function']) || type?.type !== 'string' || type.value !== 'function' || fn === undefined) {
    return 'a definition is not {"type": "function", "function": {…}}';
  }
  if (!hasOnlyKeys(fn, ['name', 'description', 'parameters'])) return 'a function has fields other than name, description and parameters';
  const name = field(fn, 'name');
  const description = field(fn, 'description');
  const parameters = field(fn, 'parameters');
  if (name?.type !== 'string') return 'a function has no name';
  if (description !== undefined && description.type !== 'string') return 'a description is not a string';
  const tool: ToolDefinition = { id: newId('t'), name: name.value };
  if (description?.type === 'string') tool.description = description.value;
  if (parameters !== undefined) tool.parameters = valueOf(parameters);
  return tool;
}

/** The definitions after `<|function_list|>\n`: JSON objects each on its own lines, nothing else. */
function readFunctionList(text: string): { tools: ToolDefinition[] } | { reason: string } {
  const tools: ToolDefinition[] = [];
  let at = 0;
  for (;;) {
    const read = readJsonAt(text, at);
    if (!read.ok) return { reason: tools.length === 0 && at >= text.length ? 'no definition follows <|function_list|>' : `definition ${tools.length + 1} is not JSON (${read.message})` };
    const tool = toolOf(read.node);
    if (typeof tool === 'string') return { reason: tool };
    tools.push(tool);
    if (read.end === text.length) return { tools };
    if (text[read.end] !== '\n' || text[read.end + 1] !== '{') return { reason: 'text follows the definitions (the renderer ends the system message with them)' };
    at = read.end + 1;
  }
}

/** Trailing flag tokens in the spec's order (the renderer writes them so). */
function splitFlags(text: string): { text: string; flags: ThoughtKind[] } {
  const flags: ThoughtKind[] = [];
  let end = text.length;
  let below = THOUGHT_KINDS.length;
  for (;;) {
    const found = THOUGHT_KINDS.findIndex((kind, rank) => rank < below && text.endsWith(flagToken(kind), end));
    if (found === -1) break;
    const kind = THOUGHT_KINDS[found] as ThoughtKind;
    flags.unshift(kind);
    end -= flagToken(kind).length;
    below = found;
  }
  return { text: text.slice(0, end), flags };
}

export function parseSystem(ctx: ParseContext, body: string, first: boolean, path: FieldPath): { content: Content; thoughtFlags?: ThoughtKind[]; tools?: ToolDefinition[] } {
  let head = body;
  let tools: ToolDefinition[] | undefined;
  const at = first ? body.indexOf(LIST_MARKER) : -1;
  if (at !== -1) {
    const list = readFunctionList(body.slice(at + LIST_MARKER.length));
    if ('tools' in list) {
      tools = list.tools;
      head = body.slice(0, at);
    } else {
      ctx.diagnostics.push(warning(PARSE_CODES.keptAsText, `The function list of this system message is kept as text (its tokens included): ${list.reason}.`, [...path, 'content']));
    }
  }
  const { text, flags } = splitFlags(head);
  const out: { content: Content; thoughtFlags?: ThoughtKind[]; tools?: ToolDefinition[] } = { content: ctx.content(text, [...path, 'content']) };
  if (flags.length > 0) out.thoughtFlags = flags;
  if (tools !== undefined) out.tools = tools;
  return out;
}

// ---------------------------------------------------------------- tool

/** A tool message's body: `<|function_output|>\n{"name": …, "content": …}`. */
export function parseTool(ctx: ParseContext, body: string, headerName: string | undefined, path: FieldPath): { name?: string; content: Content } {
  const answered = ctx.pendingCalls.shift();
  const read = body.startsWith(OUTPUT_MARKER) ? readJson(body.slice(OUTPUT_MARKER.length)) : undefined;
  const node = read?.ok === true ? read.node : undefined;
  const name = node === undefined ? undefined : field(node, 'name');
  const content = node === undefined ? undefined : field(node, 'content');
  if (node === undefined || !hasOnlyKeys(node, ['name', 'content']) || name?.type !== 'string' || content === undefined) {
    ctx.diagnostics.push(warning(PARSE_CODES.keptAsText, 'This tool message is not a function output (<|function_output|> and {"name": …, "content": …}); its text is kept as the output.', [...path, 'content']));
    const out: { name?: string; content: Content } = { content: { type: 'text', text: body } };
    if (headerName !== undefined) out.name = headerName;
    return out;
  }
  const out: { name?: string; content: Content } = { content: { type: 'text', text: outputText(content) } };
  // The renderer writes the name of the answered call when the message names none.
  if (headerName !== undefined && headerName !== '') out.name = headerName;
  else if (name.value !== (answered ?? '')) out.name = name.value;
  return out;
}

/** The output text that renders as `node`: a string as itself unless it reads as JSON, other values as JSON. */
function outputText(node: JsonNode): string {
  if (node.type === 'string') return readJson(node.value).ok ? pythonString(node.value, false) : node.value;
  return jsonText(node, RAW_PRETTY);
}

// ---------------------------------------------------------------- thoughts, text and calls

type Structural = { start: number; end: number } & ({ type: 'thought'; kind: ThoughtKind; text: string } | { type: 'call'; call: ToolCall });

function structuralAt(body: string, at: number): Structural | undefined {
  for (const kind of THOUGHT_KINDS) {
    const open = thoughtStart(kind);
    if (!body.startsWith(open, at)) continue;
    const close = body.indexOf(thoughtEnd(kind), at + open.length);
    if (close === -1) return undefined;
    return { type: 'thought', kind, text: body.slice(at + open.length, close), start: at, end: close + thoughtEnd(kind).length };
  }
  const call = TOKENS.functionCall;
  if (!body.startsWith(`${call}\n`, at)) return undefined;
  const read = readJsonAt(body, at + call.length + 1);
  if (!read.ok) return undefined;
  const args = field(read.node, 'arguments');
  const name = field(read.node, 'name');
  if (!hasOnlyKeys(read.node, ['arguments', 'name']) || args === undefined || name?.type !== 'string') return undefined;
  return { type: 'call', call: { id: newId('c'), name: name.value, arguments: jsonText(args, RAW_COMPACT) }, start: at, end: read.end };
}

function structurals(body: string): Structural[] {
  const found: Structural[] = [];
  let at = body.indexOf('<|');
  while (at !== -1) {
    const item = structuralAt(body, at);
    if (item !== undefined) found.push(item);
    at = body.indexOf('<|', item === undefined ? at + 2 : item.end);
  }
  return found;
}

/** The text between items, without the line breaks that join it to them. */
function gapText(gap: string, afterItem: boolean, beforeItem: boolean): string {
  let text = gap;
  if (afterItem && text.startsWith('\n')) text = text.slice(1);
  if (beforeItem && text.endsWith('\n')) text = text.slice(0, -1);
  return text;
}

/** Any other body: plain text or parts, or blocks when it has thought blocks or function calls. */
export function parseItems(ctx: ParseContext, body: string, assistant: boolean, path: FieldPath): Content {
  const items = structurals(body);
  if (items.length === 0) return ctx.content(body, [...path, 'content']);
  const blocks: Block[] = [];
  const respond = (text: string) => {
    if (text !== '') blocks.push({ id: newId('b'), type: 'response', text });
  };
  let at = 0;
  items.forEach((item, k) => {
    respond(gapText(body.slice(at, item.start), k > 0, true));
    at = item.end;
    if (item.type === 'thought') {
      blocks.push({ id: newId('b'), type: 'thoughts', text: item.text, kind: item.kind });
      return;
    }
    if (assistant) ctx.pendingCalls.push(item.call.name);
    const last = blocks[blocks.length - 1];
    if (last?.type === 'tool_calls') last.calls.push(item.call);
    else blocks.push({ id: newId('b'), type: 'tool_calls', calls: [item.call] });
  });
  respond(gapText(body.slice(at), true, false));
  return { type: 'blocks', blocks };
}
