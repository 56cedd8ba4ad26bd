/**
 * Harmony text → its messages: header, body and end token of each, as openai/harmony's
 * `StreamableParser` reads them (src/encoding.rs, `parse_header_from_string`): the channel
 * follows `<|channel|>` up to whitespace or `<`; of the other header words, the first is the
 * role (or a tool's name), a last `to=X` is the recipient, otherwise the last word is the
 * content type and the one before it the recipient.
 */
import { END_TOKENS, TOKENS } from './tokens.ts';

export interface ScannedHeader {
  /** The role, or a tool's name (`functions.get_weather`). */
  author: string;
  /** `user:alice` → `alice`. */
  name?: string;
  channel?: string;
  recipient?: string;
  contentType?: string;
  /** Header words harmony would not read (kept for the diagnostic). */
  leftover?: string;
}

export interface ScannedMessage {
  header: ScannedHeader;
  body: string;
  /** `<|end|>`, `<|call|>`, `<|return|>`; undefined when the text ends inside the body. */
  end?: string;
  /** Offset of the message in the text. */
  at: number;
}

export interface Scan {
  messages: ScannedMessage[];
  /** The text ends with `<|start|>assistant` (a generation prompt). */
  generationPrompt: boolean;
  /** The text starts inside an assistant message whose `<|start|>assistant` was the prompt (a completion). */
  impliedStart: boolean;
  /** Text harmony cannot read, with its offset. */
  problems: { at: number; text: string }[];
}

const KNOWN_ROLES = ['system', 'developer', 'user', 'assistant'];

export function scanHeader(raw: string): ScannedHeader {
  let text = raw;
  let channel: string | undefined;
  const marker = text.indexOf(TOKENS.channel);
  if (marker !== -1) {
    const after = text.slice(marker + TOKENS.channel.length);
    const stop = after.search(/[\s<]/);
    const end = stop === -1 ? after.length : stop;
    channel = after.slice(0, end);
    text = text.slice(0, marker) + after.slice(end);
  }
  text = text.trim();
  if (text.includes(TOKENS.constrain)) text = text.split(TOKENS.constrain).join(` ${TOKENS.constrain}`).trim();
  const parts = text.split(/\s+/).filter((part) => part !== '');
  const first = parts.shift() ?? '';
  const colon = first.indexOf(':');
  const role = colon !== -1 && KNOWN_ROLES.includes(first.slice(0, colon)) ? first.slice(0, colon) : first;
  const header: ScannedHeader = { author: role };
  if (role !== first) header.name = first.slice(colon + 1);
  if (channel !== undefined) header.channel = channel;
  if (parts.length === 0) return header;
  const last = parts.pop() ?? '';
  if (last.startsWith('to=')) header.recipient = last.slice(3);
  // A single word is a recipient (openai/harmony reads it so).
  else if (parts.length === 0) header.recipient = last;
  else {
    header.contentType = last;
    const before = parts.pop();
    if (before !== undefined) header.recipient = before.startsWith('to=') ? before.slice(3) : before;
  }
  if (parts.length > 0) header.leftover = parts.join(' ');
  return header;
}

/** The first end token at or after `from`: its offset and text. */
function nextEnd(text: string, from: number): { at: number; token: string } | undefined {
  let best: { at: number; token: string } | undefined;
  for (const token of END_TOKENS) {
    const at = text.indexOf(token, from);
    if (at !== -1 && (best === undefined || at < best.at)) best = { at, token };
  }
  return best;
}

export function scanText(text: string): Scan {
  const scan: Scan = { messages: [], generationPrompt: false, impliedStart: false, problems: [] };
  let pos = 0;
  if (text !== '' && !text.startsWith(TOKENS.start)) {
    // A completion: the model's output after the prompt's `<|start|>assistant`.
    scan.impliedStart = true;
    pos = -1;
  }
  while (pos < text.length) {
    const at = pos;
    let headerStart: number;
    if (pos === -1) headerStart = 0;
    else if (text.startsWith(TOKENS.start, pos)) headerStart = pos + TOKENS.start.length;
    else {
      const next = text.indexOf(TOKENS.start, pos);
      const stop = next === -1 ? text.length : next;
      scan.problems.push({ at: pos, text: text.slice(pos, stop) });
      pos = stop;
      continue;
    }
    const messageAt = text.indexOf(TOKENS.message, headerStart);
    const nextStart = text.indexOf(TOKENS.start, headerStart);
    if (messageAt === -1 || (nextStart !== -1 && nextStart < messageAt)) {
      const stop = nextStart === -1 ? text.length : nextStart;
      const rawHeader = text.slice(headerStart, stop);
      if (stop === text.length && rawHeader === 'assistant') scan.generationPrompt = true;
      else scan.problems.push({ at: Math.max(at, 0), text: text.slice(Math.max(at, 0), stop) });
      pos = stop;
      continue;
    }
    const rawHeader = (pos === -1 ? 'assistant' : '') + text.slice(headerStart, messageAt);
    const bodyStart = messageAt + TOKENS.message.length;
    const end = nextEnd(text, bodyStart);
    const bodyEnd = end === undefined ? text.length : end.at;
    const message: ScannedMessage = { header: scanHeader(rawHeader), body: text.slice(bodyStart, bodyEnd), at: Math.max(at, 0) };
    if (end !== undefined) message.end = end.token;
    scan.messages.push(message);
    pos = end === undefined ? text.length : end.at + end.token.length;
  }
  return scan;
}
