/**
 * OpenChatML chat text → conversation: BOS, `<|im_start|>` turns joined by `\n`, EOS. Options
 * the caller does not give (BOS and EOS text, newline before `<|im_end|>`) are read from the
 * text. Text outside any turn is reported with its position and left out.
 */
import { warning } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Conversation, Message, ToolDefinition } from '../../model/types.ts';
import { lineColumnAt } from '../../validate/json-syntax.ts';
import { PARSE_CODES } from './codes.ts';
import type { OpenChatMlOptions } from './options.ts';
import type { ParseContext } from './parse-context.ts';
import { parseItems, parseSystem, parseTool } from './parse-body.ts';
import { TOKENS } from './tokens.ts';

interface RawTurn {
  role: string;
  name: string | undefined;
  body: string;
}

export function position(text: string, offset: number): string {
  const { line, column } = lineColumnAt(text, offset);
  return `line ${line}, column ${column}`;
}

function preview(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function readHeader(ctx: ParseContext, text: string, header: string, at: number): { role: string; name: string | undefined } {
  const space = header.indexOf(' ');
  if (space === -1) return { role: header, name: undefined };
  const role = header.slice(0, space);
  const rest = header.slice(space);
  if (rest.startsWith(' name=')) return { role, name: rest.slice(' name='.length) };
  ctx.diagnostics.push(warning(PARSE_CODES.header, `${position(text, at + space)}: the header of this ${role} message has ${preview(rest)} after the role; OpenChatML headers hold only " name=<name>" there (§3). It is left out.`));
  return { role, name: undefined };
}

/** The turns of the text and what lies before (BOS) and after (EOS) them. */
function readTurns(ctx: ParseContext, text: string, from: number): { turns: RawTurn[]; end: number } {
  const turns: RawTurn[] = [];
  let at = from;
  for (;;) {
    const headerStart = at + TOKENS.imStart.length;
    const lineEnd = text.indexOf('\n', headerStart);
    const nextStart = text.indexOf(TOKENS.imStart, headerStart);
    const close = text.indexOf(TOKENS.imEnd, headerStart);
    const limit = nextStart === -1 ? text.length : nextStart;
    if (lineEnd === -1 || lineEnd > limit) {
      ctx.diagnostics.push(warning(PARSE_CODES.unclosed, `${position(text, at)}: this <|im_start|> has no header line (role, then a line break); the text up to ${nextStart === -1 ? 'the end' : 'the next <|im_start|>'} is read as its role.`));
      turns.push({ ...readHeader(ctx, text, text.slice(headerStart, limit), headerStart), body: '' });
      if (nextStart === -1) return { turns, end: text.length };
      at = nextStart;
      continue;
    }
    const header = readHeader(ctx, text, text.slice(headerStart, lineEnd), headerStart);
    if (close === -1 || close > limit) {
      ctx.diagnostics.push(warning(PARSE_CODES.unclosed, `${position(text, at)}: this ${header.role} message is not closed by <|im_end|>; it is read up to ${nextStart === -1 ? 'the end of the text' : 'the next <|im_start|>'}.`));
      turns.push({ ...header, body: text.slice(lineEnd + 1, limit) });
      if (nextStart === -1) return { turns, end: text.length };
      at = nextStart;
      continue;
    }
    turns.push({ ...header, body: text.slice(lineEnd + 1, close) });
    const after = close + TOKENS.imEnd.length;
    if (nextStart === -1) return { turns, end: after };
    if (nextStart !== after + 1 || text[after] !== '\n') {
      const between = text.slice(after, nextStart);
      const what = between === '' ? 'there is none' : `${preview(between)} lies between <|im_end|> and <|im_start|>; it belongs to no message and is left out`;
      ctx.diagnostics.push(warning(PARSE_CODES.between, `${position(text, after)}: turns are joined by one line break, but here ${what}.`));
    }
    at = nextStart;
  }
}

export interface ChatHints {
  bosText: string | undefined;
  eosText: string | undefined;
  newlineBeforeImEnd: boolean | undefined;
}

export function parseChat(ctx: ParseContext, text: string, hints: ChatHints): { record: Conversation; options: Pick<OpenChatMlOptions, 'bosText' | 'eosText' | 'newlineBeforeImEnd'> } {
  const first = text.indexOf(TOKENS.imStart);
  let bosText = hints.bosText;
  let eosText = hints.eosText;
  if (first === -1) {
    // No turn: the text is BOS + EOS (the caller checked).
    return { record: { kind: 'chat', messages: [], tools: [] }, options: { bosText: bosText ?? '', eosText: eosText ?? '', newlineBeforeImEnd: hints.newlineBeforeImEnd ?? true } };
  }
  const before = text.slice(0, first);
  if (bosText === undefined) bosText = before;
  else if (before !== bosText) {
    ctx.diagnostics.push(warning(PARSE_CODES.bos, `The text before the first <|im_start|> is ${preview(before)}, not the BOS text ${preview(bosText)}; it is left out.`));
  }
  const { turns, end } = readTurns(ctx, text, first);
  const after = text.slice(end);
  if (eosText === undefined) eosText = after;
  else if (after !== eosText) {
    ctx.diagnostics.push(warning(PARSE_CODES.eos, `${position(text, end)}: the text after the last <|im_end|> is ${preview(after)}, not the EOS text ${preview(eosText)}; it is left out.`));
  }
  const newline = hints.newlineBeforeImEnd ?? turns.every((turn) => turn.body.endsWith('\n'));
  let tools: ToolDefinition[] = [];
  let systemSeen = false;
  const messages = turns.map((turn, index): Message => {
    let body = turn.body;
    if (newline) {
      if (body.endsWith('\n')) body = body.slice(0, -1);
      else ctx.diagnostics.push(warning(PARSE_CODES.newline, `Message ${index + 1} (${turn.role}) has no line break before <|im_end|>; it is read whole (render with newlineBeforeImEnd off for texts like spec §4).`, ['messages', index]));
    }
    const message: Message = { id: newId('m'), role: turn.role };
    const path = ['messages', index];
    if (turn.role === 'user' || turn.role === 'system') ctx.pendingCalls.length = 0;
    if (turn.role === 'tool') {
      Object.assign(message, parseTool(ctx, body, turn.name, path));
      return message;
    }
    if (turn.name !== undefined) message.name = turn.name;
    if (turn.role === 'system') {
      const system = parseSystem(ctx, body, !systemSeen, path);
      systemSeen = true;
      message.content = system.content;
      if (system.thoughtFlags !== undefined) message.thoughtFlags = system.thoughtFlags;
      if (system.tools !== undefined) tools = system.tools;
      return message;
    }
    message.content = parseItems(ctx, body, turn.role === 'assistant', path);
    return message;
  });
  return { record: { kind: 'chat', messages, tools }, options: { bosText, eosText, newlineBeforeImEnd: newline } };
}
