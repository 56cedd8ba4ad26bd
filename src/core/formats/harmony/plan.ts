/**
 * Record messages → the harmony messages they render as, before any text is written (see
 * docs/formats.md, 'Harmony: channel and recipient'):
 * - a message's own `channel`, `recipient` and `contentType` (types.ts) give its header; left
 *   undefined, they take the role's default (assistant → final; tool → to=assistant on
 *   commentary);
 * - an assistant message with blocks is one harmony message per block: thoughts → analysis,
 *   each tool call → commentary `to=functions.NAME <|constrain|>json` ending with `<|call|>`,
 *   response → final (commentary before a call, below), tool outputs → messages from `functions.NAME`;
 * - text before a call in the same turn is a preamble, on commentary (openai/harmony's guide),
 *   whatever the dialect: a response block with a call later in its message (no results
 *   between), and the content of a message with legacy `toolCalls` (docs/formats.md,
 *   'Harmony: preambles'; the gpt-oss chat template writes the latter as analysis);
 * - a tool message comes from `functions.NAME`: its name, or the name of the call it answers.
 * What harmony has no place for is reported here.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { Block, Message, ToolCall, ToolOutput } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { contentPieces } from './content.ts';
import { content, notShown, structure, type Piece } from './pieces.ts';
import { CODES, FUNCTIONS_NAMESPACE, TOKENS } from './tokens.ts';

export interface HarmonyMessage {
  /** The record object the message stands for (a message, a block, a call, an output). */
  path: FieldPath;
  /** The author's role: decides the end token and the training mask. */
  role: string;
  /** What follows `<|start|>`: the role, or a tool's name. */
  author: Piece[];
  /** `:name` after the role (user and assistant speaker names). */
  name?: Piece[];
  recipient?: Piece[];
  channel?: string;
  channelPath: FieldPath;
  /** The content type after the recipient; `constrained`: written as ` <|constrain|>` then the rest. */
  contentType?: { constrained: boolean; rest: Piece[] };
  body: Piece[];
}

const TOOL_RESULT_RECIPIENT = 'assistant';
const CALL_CHANNEL = 'commentary';
const CALL_CONTENT_TYPE = 'json';

/** Tool names written as they are: harmony's built-in `python` (its recipient and the author of its results). */
const BUILTIN_NAMES: readonly string[] = ['python'];

/** Whether a tool name is written as it is: it has a namespace (`browser.search`) or is built in (`python`). */
export function isAddress(name: string): boolean {
  return name.includes('.') || BUILTIN_NAMES.includes(name);
}

/** `functions.get_weather` for a bare function name; an address (`browser.search`, `python`) as it is. */
export function toolAddress(name: string): string {
  return isAddress(name) ? name : `${FUNCTIONS_NAMESPACE}.${name}`;
}

/** What the walk remembers between messages: the calls made so far, to name the tool results. */
export class CallNames {
  private readonly byId = new Map<string, string>();
  private last: string | undefined;

  add(call: ToolCall): void {
    if (call.callId !== undefined) this.byId.set(call.callId, call.name);
    this.last = call.name;
  }

  /** The name of the call `callId` answers, else of the last call (what the gpt-oss template assumes). */
  find(callId: string | undefined): string | undefined {
    return (callId !== undefined ? this.byId.get(callId) : undefined) ?? this.last;
  }
}

function contentTypeOf(value: string, path: FieldPath): HarmonyMessage['contentType'] {
  return value.startsWith(TOKENS.constrain)
    ? { constrained: true, rest: [content(value.slice(TOKENS.constrain.length), path)] }
    : { constrained: false, rest: [content(value, path)] };
}

function callMessage(call: ToolCall, path: FieldPath, out: Diagnostic[], names: CallNames): HarmonyMessage {
  notShown(out, call, path);
  names.add(call);
  if (call.callId !== undefined) out.push(lostInConversion(`the call id ${JSON.stringify(call.callId)}`, 'harmony calls have no ids; a result names the tool instead', [...path, 'callId'], 'harmless'));
  if (call.type !== undefined && call.type !== 'function') out.push(lostInConversion(`the call type ${JSON.stringify(call.type)}`, 'harmony writes every call as a call to a function', [...path, 'type']));
  const recipient = isAddress(call.name) ? [content(call.name, [...path, 'name'])] : [structure(`${FUNCTIONS_NAMESPACE}.`, path), content(call.name, [...path, 'name'])];
  return {
    path,
    role: 'assistant',
    author: [structure('assistant', path)],
    recipient,
    channel: CALL_CHANNEL,
    channelPath: path,
    contentType: { constrained: true, rest: [structure(CALL_CONTENT_TYPE, path)] },
    body: [content(call.arguments, [...path, 'arguments'])],
  };
}

/** The author of a tool result: `functions.NAME`, or an error when no name can be found. */
function resultAuthor(name: string | undefined, namePath: FieldPath | undefined, callId: string | undefined, path: FieldPath, out: Diagnostic[], names: CallNames): Piece[] {
  if (name !== undefined && namePath !== undefined) return isAddress(name) ? [content(name, namePath)] : [structure(`${FUNCTIONS_NAMESPACE}.`, path), content(name, namePath)];
  const found = names.find(callId);
  if (found !== undefined) return [structure(toolAddress(found), path)];
  out.push(error(CODES.noToolName, `${formatPath(path)}: a harmony tool result starts with the tool's name, and this one has none (no name, and no call before it); written as "tool".`, path));
  return [structure('tool', path)];
}

function outputMessage(output: ToolOutput, path: FieldPath, out: Diagnostic[], names: CallNames): HarmonyMessage {
  notShown(out, output, path);
  if (output.callId !== undefined) out.push(lostInConversion(`the call id ${JSON.stringify(output.callId)}`, 'harmony results have no call ids; the result names the tool instead', [...path, 'callId'], 'harmless'));
  if (output.isError !== undefined) out.push(lostInConversion('the error flag', 'harmony tool results have no status', [...path, 'isError']));
  return {
    path,
    role: 'tool',
    author: resultAuthor(output.name, output.name !== undefined ? [...path, 'name'] : undefined, output.callId, path, out, names),
    recipient: [structure(TOOL_RESULT_RECIPIENT, path)],
    channel: CALL_CHANNEL,
    channelPath: path,
    body: [content(output.output, [...path, 'output'])],
  };
}

/** The channel of text before a call in the same turn (openai/harmony's guide: "preambles … on the commentary channel"). */
const PREAMBLE_CHANNEL = 'commentary';

/** Whether block `j` of a message is a preamble: a response with a call later in the message and no results between. */
function isPreamble(blocks: readonly Block[], j: number): boolean {
  if (blocks[j]?.type !== 'response') return false;
  for (let k = j + 1; k < blocks.length; k++) {
    const later = blocks[k] as Block;
    if (later.type === 'tool_outputs') return false;
    if (later.type === 'tool_calls' && later.calls.length > 0) return true;
  }
  return false;
}

function blockMessages(block: Block, path: FieldPath, out: Diagnostic[], names: CallNames, preamble: boolean): HarmonyMessage[] {
  const simple = (channel: string, text: string): HarmonyMessage => ({ path, role: 'assistant', author: [structure('assistant', path)], channel, channelPath: path, body: [content(text, [...path, 'text'])] });
  switch (block.type) {
    case 'thoughts':
      notShown(out, block, path);
      if (block.kind !== undefined) out.push(lostInConversion(`the thought kind ${JSON.stringify(block.kind)}`, 'harmony has one kind of chain of thought (the analysis channel)', [...path, 'kind']));
      return [simple('analysis', block.text)];
    case 'response':
      notShown(out, block, path);
      return [simple(preamble ? PREAMBLE_CHANNEL : 'final', block.text)];
    case 'tool_calls':
      notShown(out, block, path);
      return block.calls.map((call, k) => callMessage(call, [...path, 'calls', k], out, names));
    case 'tool_outputs':
      notShown(out, block, path);
      return block.outputs.map((output, k) => outputMessage(output, [...path, 'outputs', k], out, names));
    case 'unknown':
      out.push(lostInConversion(`a block of type ${JSON.stringify(block.sourceType)}`, 'harmony has no such message; it is not rendered', path));
      return [];
  }
}

/** The header a message's own fields give, each field's default applied when it is undefined. */
function header(message: Message, path: FieldPath, defaults: { channel?: string; recipient?: string }, out: Diagnostic[]): Pick<HarmonyMessage, 'recipient' | 'channel' | 'channelPath' | 'contentType'> {
  const result: Pick<HarmonyMessage, 'recipient' | 'channel' | 'channelPath' | 'contentType'> = { channelPath: message.channel == null ? path : [...path, 'channel'] };
  const recipient = message.recipient === undefined ? defaults.recipient : (message.recipient ?? undefined);
  if (recipient !== undefined) result.recipient = [message.recipient === undefined ? structure(recipient, path) : content(recipient, [...path, 'recipient'])];
  const channel = message.channel === undefined ? defaults.channel : (message.channel ?? undefined);
  if (channel !== undefined) result.channel = channel;
  if (message.contentType != null) {
    result.contentType = contentTypeOf(message.contentType, [...path, 'contentType']);
    // openai/harmony reads a header's one word after the role as the recipient.
    if (recipient === undefined) out.push(warning(CODES.headerUnused, `${formatPath(path)}: a content type without a recipient is read back by harmony as the recipient.`, [...path, 'contentType'], undefined, 'content'));
  }
  return result;
}

function nameOf(message: Message, path: FieldPath): Piece[] | undefined {
  return message.name === undefined ? undefined : [structure(':', path), content(message.name, [...path, 'name'])];
}

function assistantMessages(message: Message, path: FieldPath, out: Diagnostic[], names: CallNames): HarmonyMessage[] {
  const author = [structure('assistant', path)];
  const calls = message.toolCalls ?? [];
  const messages: HarmonyMessage[] = [];
  if (message.content?.type === 'blocks') {
    if (message.channel !== undefined || message.recipient !== undefined || message.contentType !== undefined) {
      out.push(warning(CODES.headerUnused, `${formatPath(path)}: the message has blocks, and each block has its own channel; its channel, recipient and content type are not used.`, path, undefined, 'content'));
    }
    if (message.name !== undefined) out.push(lostInConversion(`the speaker name ${JSON.stringify(message.name)}`, 'a message with blocks is written as one harmony message per block, without names', [...path, 'name']));
    const blocks = message.content.blocks;
    blocks.forEach((block, j) => messages.push(...blockMessages(block, [...path, 'content', 'blocks', j], out, names, isPreamble(blocks, j))));
  } else {
    const body = contentPieces(message.content, [...path, 'content'], out);
    // With calls, the text before them is a preamble (openai/harmony's guide), as a response block before a call is.
    const written = body.some((piece) => piece.text !== '') || calls.length === 0 || message.channel !== undefined || message.recipient != null;
    if (written) messages.push({ path, role: 'assistant', author, name: nameOf(message, path), ...header(message, path, { channel: calls.length > 0 ? PREAMBLE_CHANNEL : 'final' }, out), body });
  }
  calls.forEach((call, k) => messages.push(callMessage(call, [...path, 'toolCalls', k], out, names)));
  return messages;
}

function toolMessage(message: Message, path: FieldPath, out: Diagnostic[], names: CallNames): HarmonyMessage {
  if (message.toolCallId !== undefined) out.push(lostInConversion(`the call id ${JSON.stringify(message.toolCallId)}`, 'harmony results have no call ids; the result names the tool instead', [...path, 'toolCallId'], 'harmless'));
  if (message.isError !== undefined) out.push(lostInConversion('the error flag', 'harmony tool results have no status', [...path, 'isError']));
  const author = resultAuthor(message.name, message.name !== undefined ? [...path, 'name'] : undefined, message.toolCallId, path, out, names);
  return { path, role: 'tool', author, ...header(message, path, { channel: CALL_CHANNEL, recipient: TOOL_RESULT_RECIPIENT }, out), body: contentPieces(message.content, [...path, 'content'], out) };
}

/** The harmony messages of one record message (none for an assistant message with nothing in it). */
export function planMessage(message: Message, index: number, out: Diagnostic[], names: CallNames): HarmonyMessage[] {
  const path: FieldPath = ['messages', index];
  notShown(out, message, path);
  if (message.thoughtFlags !== undefined && message.thoughtFlags.length > 0) {
    out.push(lostInConversion('the thought flags', 'harmony sets reasoning with the Reasoning effort option, not per message', [...path, 'thoughtFlags']));
  }
  switch (message.role) {
    case 'assistant':
      return assistantMessages(message, path, out, names);
    case 'tool':
    case 'function':
      return [toolMessage(message, path, out, names)];
    case 'system':
    case 'developer':
    case 'user':
      break;
    default:
    // Written as it is; the structural checks' error says so (roles.ts, core/checks/structure).
  }
  if ((message.role === 'system' || message.role === 'developer') && message.name !== undefined) {
    out.push(lostInConversion(`the speaker name ${JSON.stringify(message.name)}`, `harmony writes no name on ${message.role} messages`, [...path, 'name']));
  }
  const name = message.role === 'user' || !['system', 'developer'].includes(message.role) ? nameOf(message, path) : undefined;
  return [{ path, role: message.role, author: [structure(message.role, [...path, 'role'])], name, ...header(message, path, {}, out), body: contentPieces(message.content, [...path, 'content'], out) }];
}
