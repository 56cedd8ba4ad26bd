/**
 * OpenChatML text → record (a chat conversation, or a document when the text has no
 * `<|im_start|>`). Options the caller gives are used; the others are read from the text and
 * returned, so that `render(parse(t).record, parse(t).options)` gives `t` back for every text
 * the renderer writes. A text the renderer would write differently (hand-made JSON layout, a
 * missing line break, …) is read all the same, and one warning says where the first
 * difference is. The parser never throws.
 */
import { warning } from '../../model/diagnostic.ts';
import type { ParleyRecord } from '../../model/types.ts';
import type { ParseResult, Rendered } from '../types.ts';
import { PARSE_CODES } from './codes.ts';
import { FIM_ORDERS, JSON_STYLES, OPENCHATML_DEFAULTS, type FimOrder, type JsonStyle, type OpenChatMlOptions } from './options.ts';
import { parseChat, position } from './parse-chat.ts';
import { ParseContext } from './parse-context.ts';
import { parseDocument } from './parse-document.ts';
import { renderOpenChatMl } from './render.ts';
import { TOKENS } from './tokens.ts';

export interface OpenChatMlParseResult extends ParseResult {
  /** The options that render the record back to the text (the caller's, else read from the text). */
  options: OpenChatMlOptions;
}

function given<T>(value: unknown, ok: (v: unknown) => v is T): T | undefined {
  return ok(value) ? value : undefined;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isFimOrder = (v: unknown): v is FimOrder => typeof v === 'string' && (FIM_ORDERS as readonly string[]).includes(v);
const isJsonStyle = (v: unknown): v is JsonStyle => typeof v === 'string' && (JSON_STYLES as readonly string[]).includes(v);

/** Whether the text is a conversation: it has turns, or it is exactly BOS + EOS. */
function isChat(text: string, bos: string, eos: string): boolean {
  return text.includes(TOKENS.imStart) || (bos + eos !== '' && text === bos + eos);
}

export function parseOpenChatMl(text: string, hints: Partial<OpenChatMlOptions> = {}): OpenChatMlParseResult {
  const ctx = new ParseContext(given(hints.fimOrder, isFimOrder));
  const bosHint = given(hints.bosText, isString);
  const eosHint = given(hints.eosText, isString);
  const newlineHint = given(hints.newlineBeforeImEnd, isBoolean);
  const leadingHint = given(hints.leadingSeparator, isBoolean);
  const options: OpenChatMlOptions = {
    ...OPENCHATML_DEFAULTS,
    bosText: bosHint ?? OPENCHATML_DEFAULTS.bosText,
    eosText: eosHint ?? OPENCHATML_DEFAULTS.eosText,
    newlineBeforeImEnd: newlineHint ?? OPENCHATML_DEFAULTS.newlineBeforeImEnd,
    leadingSeparator: leadingHint ?? OPENCHATML_DEFAULTS.leadingSeparator,
  };
  let record: ParleyRecord;
  if (isChat(text, options.bosText, options.eosText)) {
    // With turns, BOS and EOS not given are what precedes and follows them.
    const turns = text.includes(TOKENS.imStart);
    const chat = parseChat(ctx, text, { bosText: turns ? bosHint : options.bosText, eosText: turns ? eosHint : options.eosText, newlineBeforeImEnd: newlineHint });
    record = chat.record;
    Object.assign(options, chat.options);
  } else {
    const document = parseDocument(ctx, text, leadingHint);
    record = document.record;
    options.leadingSeparator = document.leadingSeparator;
    if (leadingHint !== undefined && leadingHint !== document.leadingSeparator && text !== '') {
      const on = document.leadingSeparator;
      ctx.diagnostics.push({ severity: 'info', code: PARSE_CODES.options, message: `The text ${on ? 'starts' : 'does not start'} with <|file_separator|>, so it is read with leadingSeparator ${on ? 'on' : 'off'}.` });
    }
  }
  options.fimOrder = ctx.fimOrder ?? OPENCHATML_DEFAULTS.fimOrder;
  chooseJsonLayout(ctx, text, record, options, hints);
  return { record, diagnostics: ctx.diagnostics, options };
}

/**
 * JSON layout options the caller left open: the first combination that renders the text back
 * exactly (the values read do not depend on them, only their layout does). When none does,
 * the first is kept and one warning points at the first difference.
 */
function chooseJsonLayout(ctx: ParseContext, text: string, record: ParleyRecord, options: OpenChatMlOptions, hints: Partial<OpenChatMlOptions>): void {
  const styles = isJsonStyle(hints.jsonStyle) ? [hints.jsonStyle] : JSON_STYLES;
  const asciis = isBoolean(hints.ensureAscii) ? [hints.ensureAscii] : [false, true];
  const hasJson = record.kind === 'chat' && (record.tools.length > 0 || text.includes(TOKENS.functionCall) || text.includes(TOKENS.functionOutput));
  const candidates = hasJson ? styles.flatMap((jsonStyle) => asciis.map((ensureAscii) => ({ jsonStyle, ensureAscii }))) : [{ jsonStyle: styles[0] as JsonStyle, ensureAscii: asciis[0] as boolean }];
  for (const candidate of candidates) {
    Object.assign(options, candidate);
    if (renderOpenChatMl(record, options).text === text) return;
  }
  Object.assign(options, candidates[0]);
  reportDifference(ctx, text, renderOpenChatMl(record, options));
}

/** Where (and in which field) rendering the parsed record first departs from the text. */
function reportDifference(ctx: ParseContext, text: string, again: Rendered): void {
  const limit = Math.min(text.length, again.text.length);
  let at = 0;
  while (at < limit && text.charCodeAt(at) === again.text.charCodeAt(at)) at += 1;
  const span = again.spans.find((s) => s.start <= at && at < s.end) ?? again.spans[again.spans.length - 1];
  const show = (t: string) => JSON.stringify(t.slice(at, at + 24) + (t.length > at + 24 ? '…' : ''));
  const message = `${position(text, at)}: the text is not laid out as Parley writes what was read here: the text has ${at < text.length ? show(text) : 'nothing more'} where Parley writes ${at < again.text.length ? show(again.text) : 'nothing more'}. The record keeps what was read; rendering it gives Parley's layout.`;
  ctx.diagnostics.push(span === undefined ? warning(PARSE_CODES.nonCanonical, message) : warning(PARSE_CODES.nonCanonical, message, span.path));
}
