/**
 * Harmony text → a record, and the options that render it back (see docs/formats.md,
 * 'Harmony: reading text back'). The system message becomes options, the developer message
 * the record's first message (its instructions) and its tools. Assistant messages whose header
 * is the one the format writes become blocks of one assistant message (analysis → thoughts,
 * calls → tool calls, final → response), tool results with the usual header tool messages
 * with a name; any other message keeps its channel, recipient and content type as written
 * (types.ts). The reading is checked by rendering it back: where the text differs (a header in
 * an order harmony does not write, say), an info says where.
 */
import { error, info, type Diagnostic } from '../../model/diagnostic.ts';
import { conversation } from '../../model/builders.ts';
import { newId } from '../../model/ids.ts';
import type { Block, Message, ToolDefinition } from '../../model/types.ts';
import type { ParseResult } from '../types.ts';
import { HARMONY_DEFAULTS, type HarmonyOptions } from './options.ts';
import { readDeveloper, readSystem } from './parse-head.ts';
import { scanText, type ScannedMessage } from './parse-scan.ts';
import { droppedAnalysis, renderHarmony } from './render.ts';
import { CallNames, planMessage, toolAddress } from './plan.ts';
import { CODES, FUNCTIONS_NAMESPACE, TOKENS } from './tokens.ts';

export interface HarmonyParseResult extends ParseResult {
  /** The options that render the record back to the text (read from it where it says). */
  options: HarmonyOptions;
}

/** A tool result's author → the name a record keeps: `functions.get_weather` → `get_weather`. */
function toolName(author: string): string {
  const prefix = `${FUNCTIONS_NAMESPACE}.`;
  if (author.startsWith(prefix)) {
    const bare = author.slice(prefix.length);
    if (toolAddress(bare) === author) return bare;
  }
  return author;
}

/** `first`: the record's first message, which a system or developer role would make the instructions unless its header is marked as its own. */
function recordMessage(scanned: ScannedMessage, first: boolean): Message {
  const { header, body } = scanned;
  const known = ['system', 'developer', 'user', 'assistant'].includes(header.author);
  const message: Message = { id: newId('m'), role: known ? header.author : 'tool', content: { type: 'text', text: body } };
  if (!known) message.name = toolName(header.author);
  else if (header.name !== undefined) message.name = header.name;
  if (!known && canonicalResult(scanned)) return message;
  // Undefined means "the role's default" (types.ts): an assistant message defaults to final, a
  // tool result to to=assistant on commentary, so that what the header leaves out is null there.
  if (header.channel !== undefined) message.channel = header.channel;
  else if (!known || header.author === 'assistant' || (first && header.author !== 'user')) message.channel = null;
  if (header.recipient !== undefined) message.recipient = header.recipient;
  else if (!known) message.recipient = null;
  if (header.contentType !== undefined) message.contentType = header.contentType;
  return message;
}

/** A header with nothing but the role, and `<|end|>`: what harmony writes for system and developer messages. */
function plainHeader(message: ScannedMessage): boolean {
  const { header } = message;
  return header.name === undefined && header.channel === undefined && header.recipient === undefined && header.contentType === undefined && message.end === TOKENS.end;
}

/**
 * The block an assistant message is, when its header is exactly the one the format writes for
 * that block (plan.ts): analysis → thoughts, final → response (commentary before a call: a
 * preamble), a call to a function on commentary with `<|constrain|>json` → a tool call. Such messages are read into one assistant
 * message with blocks, the record's own shape for reasoning and calls, which every dialect
 * knows; any other header is kept on a message of its own.
 */
function canonicalBlock(scanned: ScannedMessage, last: boolean, beforeCall: boolean): Block | undefined {
  const { header, body, end } = scanned;
  if (header.author !== 'assistant' || header.name !== undefined || header.leftover !== undefined) return undefined;
  if (header.recipient === undefined && header.contentType === undefined) {
    if (header.channel === 'analysis' && end === TOKENS.end) return { id: newId('b'), type: 'thoughts', text: body };
    // A response before a call is a preamble, written on commentary (plan.ts); after the calls, or with no call to come, it is final.
    const responseChannel = beforeCall ? 'commentary' : 'final';
    if (header.channel === responseChannel && (end === TOKENS.end || (last && !beforeCall && end === TOKENS.return))) return { id: newId('b'), type: 'response', text: body };
    return undefined;
  }
  return canonicalCall(scanned);
}

/** A call to a function with the header the format writes (commentary, `<|constrain|>json`, `<|call|>`): a tool_calls block. */
function canonicalCall(scanned: ScannedMessage): Block | undefined {
  const { header, body, end } = scanned;
  if (header.author !== 'assistant' || header.name !== undefined || header.leftover !== undefined) return undefined;
  const prefix = `${FUNCTIONS_NAMESPACE}.`;
  const name = header.recipient?.startsWith(prefix) ? header.recipient.slice(prefix.length) : undefined;
  if (name === undefined || name === '' || toolAddress(name) !== header.recipient) return undefined;
  if (header.channel !== 'commentary' || header.contentType !== `${TOKENS.constrain}json` || end !== TOKENS.call) return undefined;
  return { id: newId('b'), type: 'tool_calls', calls: [{ id: newId('c'), name, arguments: body }] };
}

/**
 * Whether a call comes after message `i` in the same turn, with only thoughts and preambles
 * between (what the format writes for the blocks before a call: plan.ts, isPreamble), so that a
 * response read this way renders back on the same channel.
 */
function callFollows(messages: readonly ScannedMessage[], i: number): boolean {
  for (let k = i + 1; k < messages.length; k++) {
    const next = messages[k] as ScannedMessage;
    if (canonicalCall(next) !== undefined) return true;
    const { header, end } = next;
    const textBlock = header.author === 'assistant' && header.name === undefined && header.leftover === undefined && header.recipient === undefined && header.contentType === undefined && end === TOKENS.end;
    if (!textBlock || (header.channel !== 'analysis' && header.channel !== 'commentary')) return false;
  }
  return false;
}

/** A tool result with the header the format writes (`functions.NAME to=assistant<|channel|>commentary`): a tool message with just its name. */
function canonicalResult(scanned: ScannedMessage): boolean {
  const { header, end } = scanned;
  return header.recipient === 'assistant' && header.channel === 'commentary' && header.contentType === undefined && header.leftover === undefined && end === TOKENS.end;
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

export function parseHarmony(text: string, hints?: Partial<HarmonyOptions>): HarmonyParseResult {
  const diagnostics: Diagnostic[] = [];
  const scan = scanText(text);
  const options: HarmonyOptions = { ...HARMONY_DEFAULTS, ...hints, systemMessage: false, addGenerationPrompt: scan.generationPrompt };
  for (const problem of scan.problems) {
    diagnostics.push(error(CODES.syntax, `offset ${problem.at}: ${JSON.stringify(problem.text.slice(0, 40))} is not a harmony message (<|start|>header<|message|>body<|end|>); it is left out.`));
  }
  if (scan.impliedStart) diagnostics.push(info(CODES.readAsText, 'The text starts inside an assistant message (a completion after the prompt <|start|>assistant); it is read as one, and renders with its <|start|>assistant.'));
  const messages: Message[] = [];
  let tools: ToolDefinition[] = [];
  let rest = scan.messages;
  const system = rest[0]?.header.author === 'system' && plainHeader(rest[0]) ? readSystem(rest[0].body) : undefined;
  const afterSystem = system === undefined ? rest : rest.slice(1);
  const first = afterSystem[0];
  const developer = first?.header.author === 'developer' && plainHeader(first) ? readDeveloper(first.body) : undefined;
  // The system message names function tools exactly when the developer message declares some.
  if (system !== undefined && system.functions === (developer !== undefined && developer.tools.length > 0)) {
    Object.assign(options, system.options, { systemMessage: true });
    rest = afterSystem;
    if (developer !== undefined) {
      tools = developer.tools;
      if (developer.instructions !== undefined) messages.push({ id: newId('m'), role: 'developer', content: { type: 'text', text: developer.instructions } });
      rest = rest.slice(1);
    }
  } else if (system === undefined && developer !== undefined && developer.tools.length === 0 && developer.instructions !== undefined) {
    messages.push({ id: newId('m'), role: 'developer', content: { type: 'text', text: developer.instructions } });
    rest = rest.slice(1);
  }
  if (scan.messages[0]?.header.author === 'system' && !options.systemMessage) {
    diagnostics.push(info(CODES.readAsText, 'The system message is not one that the options write (or its developer message declares tools in a form Parley does not read back); it is kept as a system message with its text, and rendered as it is.', ['messages', 0]));
  }
  if (first?.header.author === 'developer' && rest.includes(first)) {
    diagnostics.push(info(CODES.readAsText, 'The developer message is kept as a message with its text: its tool declarations are not in a form Parley reads back into tool definitions (parameters of simple types only).'));
  }
  let group: Block[] | undefined;
  rest.forEach((scanned, i) => {
    if (scanned.end === TOKENS.return) options.returnToken = true;
    const block = canonicalBlock(scanned, i === rest.length - 1, callFollows(rest, i));
    if (block === undefined) {
      group = undefined;
      messages.push(recordMessage(scanned, messages.length === 0));
      return;
    }
    if (group === undefined) {
      group = [];
      messages.push({ id: newId('m'), role: 'assistant', content: { type: 'blocks', blocks: group } });
    }
    const previous = group[group.length - 1];
    if (block.type === 'tool_calls' && previous?.type === 'tool_calls') previous.calls.push(...block.calls);
    else group.push(block);
  });
  const last = rest[rest.length - 1];
  if (last?.end === TOKENS.end && last.header.author === 'assistant' && last.header.channel === 'final') options.returnToken = false;
  const record = conversation(messages, tools);
  // Analysis messages openai/harmony would drop are in the text: they were kept.
  const planned = record.messages.flatMap((message, index) => planMessage(message, index, [], new CallNames()));
  if (droppedAnalysis(planned).size > 0) options.keepAnalysis = true;
  const back = renderHarmony(record, options, { spans: false }).text;
  if (back !== text && scan.problems.length === 0) {
    const at = firstDifference(back, text);
    diagnostics.push(info(CODES.rendersDifferently, `Read back, the record renders as harmony writes it, which differs from this text from offset ${at} (${JSON.stringify(text.slice(at, at + 30))} becomes ${JSON.stringify(back.slice(at, at + 30))}).`));
  }
  return { record, diagnostics, options };
}
