/**
 * Rendered Apertus text → conversation (spec 001 `parse_conversation`). The result renders
 * back to the same text with the returned options: `render(parse(t).record, parse(t).options)
 * === t` for every text the renderer produces from a conversation without special tokens in
 * its text, tools included (their signatures are read back by parse-signatures.ts). Where the text is ambiguous (the template writes tool outputs and string
 * content without markers) the parser picks the representation that renders identically.
 * Malformed text gives diagnostics with line, column and offset; the parser never throws.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { error } from '../../model/diagnostic.ts';
import { conversation, textMessage } from '../../model/builders.ts';
import { newId } from '../../model/ids.ts';
import type { Conversation, Message } from '../../model/types.ts';
import type { ParseResult } from '../types.ts';
import { APERTUS_DEFAULTS, type ApertusOptions } from './options.ts';
import { PARSE_CODES } from './parse-codes.ts';
import { readHeader } from './parse-header.ts';
import { blockMessages, stringMessages } from './parse-messages.ts';
import { fieldText, position, tokenize, type Piece, type TokenName } from './parse-text.ts';
import { needsBlocks, segmentTurn, type Segment } from './parse-turn.ts';
import { TOKENS } from './tokens.ts';

export interface ApertusParseResult extends ParseResult<Conversation> {
  /** The options that render the record back to the text (read from it where it says). */
  options: ApertusOptions;
}

type Item = { kind: 'user'; text: string } | { kind: 'contentless-user' } | { kind: 'turn'; segments: Segment[] };

export function parseApertus(text: string, hints: Partial<ApertusOptions> = {}): ApertusParseResult {
  const diagnostics: Diagnostic[] = [];
  const pieces = tokenize(text);
  const header = readHeader(text, pieces, hints, diagnostics);
  // Read from the text where it says; otherwise the caller's hints, then the defaults.
  const options: ApertusOptions = { ...APERTUS_DEFAULTS, ...hints, ...header.options, addGenerationPrompt: false };
  let end = pieces.length;
  if (endsWithGenerationPrompt(pieces, header.next, hints)) {
    options.addGenerationPrompt = true;
    end -= 1;
  }
  const items = readItems(text, pieces.slice(header.next, end), diagnostics);
  const blocks = items.some((item) => item.kind === 'turn' && needsBlocks(item.segments));
  const messages: Message[] = header.system === undefined ? [] : [textMessage('system', header.system)];
  for (const item of items) {
    if (item.kind === 'user') messages.push(textMessage('user', item.text));
    else if (item.kind === 'contentless-user') messages.push({ id: newId('m'), role: 'user' });
    else messages.push(...(blocks ? blockMessages(item.segments) : stringMessages(item.segments)));
  }
  return { record: conversation(messages, header.tools), diagnostics, options };
}

/**
 * A final `<|assistant_start|>` is the generation prompt when it follows an open turn (a turn
 * never writes that token inside); after a closed user message it could also be an empty final
 * assistant message, and the `addGenerationPrompt` hint decides (default: the prompt).
 */
function endsWithGenerationPrompt(pieces: readonly Piece[], from: number, hints: Partial<ApertusOptions>): boolean {
  const last = pieces[pieces.length - 1];
  if (pieces.length - 1 < from || last?.kind !== 'token' || last.name !== 'assistantStart') return false;
  for (let i = pieces.length - 2; i >= from; i--) {
    const piece = pieces[i] as Piece;
    if (piece.kind !== 'token') continue;
    if (piece.name === 'assistantStart') return true;
    if (piece.name === 'userEnd' || piece.name === 'assistantEnd' || piece.name === 'userStart') break;
  }
  return hints.addGenerationPrompt !== false;
}

function isToken(piece: Piece | undefined, name: TokenName): boolean {
  return piece?.kind === 'token' && piece.name === name;
}

/** User messages and assistant turns, in order. */
function readItems(text: string, pieces: readonly Piece[], out: Diagnostic[]): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < pieces.length) {
    const piece = pieces[i] as Piece;
    if (isToken(piece, 'userStart')) {
      const close = findToken(pieces, i + 1, 'userEnd', ['userStart', 'assistantStart']);
      if (close === -1) out.push(error(PARSE_CODES.malformed, `${position(text, piece.end)}: the user message is not closed by ${TOKENS.userEnd}.`));
      const stop = close === -1 ? nextStructural(pieces, i + 1) : close;
      items.push({ kind: 'user', text: fieldText(text, pieces, i + 1, stop, 'a user message', out) });
      i = close === -1 ? stop : close + 1;
    } else if (isToken(piece, 'assistantStart')) {
      const stop = nextOf(pieces, i + 1, ['assistantEnd', 'userStart']);
      const segments = segmentTurn(text, pieces.slice(i + 1, stop), out);
      items.push({ kind: 'turn', segments });
      const after = pieces[stop];
      if (after === undefined) break;
      if (isToken(after, 'userStart')) {
        out.push(error(PARSE_CODES.malformed, `${position(text, after.start)}: expected ${TOKENS.assistantEnd} before ${TOKENS.userStart}.`));
        i = stop;
        continue;
      }
      // <|assistant_end|> is written only when a user message follows; one without content writes nothing else.
      if (!isToken(pieces[stop + 1], 'userStart')) items.push({ kind: 'contentless-user' });
      i = stop + 1;
    } else {
      const what = piece.kind === 'text' ? `text ${JSON.stringify(preview(piece.text))}` : TOKENS[piece.name];
      out.push(error(PARSE_CODES.malformed, `${position(text, piece.start)}: unexpected ${what}; expected ${TOKENS.userStart} or ${TOKENS.assistantStart}. Skipped.`));
      i++;
    }
  }
  return items;
}

function preview(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Index of token `name` from `from`, or -1 when one of `stops` (or the end) comes first. */
function findToken(pieces: readonly Piece[], from: number, name: TokenName, stops: readonly TokenName[]): number {
  for (let i = from; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    if (piece.kind !== 'token') continue;
    if (piece.name === name) return i;
    if (stops.includes(piece.name)) return -1;
  }
  return -1;
}

function nextOf(pieces: readonly Piece[], from: number, names: readonly TokenName[]): number {
  for (let i = from; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    if (piece.kind === 'token' && names.includes(piece.name)) return i;
  }
  return pieces.length;
}

function nextStructural(pieces: readonly Piece[], from: number): number {
  return nextOf(pieces, from, ['userStart', 'assistantStart']);
}
