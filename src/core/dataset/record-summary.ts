/**
 * What the record list shows of a record without keeping it: the start of the first user
 * text, the dialect, the number of turns, whether it has tool calls or thoughts, and how many
 * diagnostics it has. Computed once from the decoded record; a few dozen bytes each.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import { contentText, partText } from '../model/text.ts';
import type { Message, ParleyRecord } from '../model/types.ts';
import { emptyFields, type EmptyFieldKind } from './empty-fields.ts';

export interface RecordSummary {
  /** The first user text (or a document's first text), white space collapsed, at most `PREVIEW_LENGTH` characters. */
  preview: string;
  dialect: string;
  /** Messages of any role. */
  messages: number;
  /** User messages: one per exchange. */
  turns: number;
  hasToolCalls: boolean;
  hasThoughts: boolean;
  diagnostics: number;
  errors: number;
  /** The kinds of empty field it has (empty-fields.ts); absent in a summary made before they were counted. */
  empty?: readonly EmptyFieldKind[];
  /** Warning diagnostics (optional so that a summary written before warnings were counted still reads: absent counts as 0). */
  warnings?: number;
}

export const PREVIEW_LENGTH = 80;

export function summarizeRecord(record: ParleyRecord, dialect: string, diagnostics: readonly Diagnostic[]): RecordSummary {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  if (record.kind === 'document') {
    const text = record.files.map((file) => file.parts.map(partText).join('')).join(' ');
    return { preview: preview(text), dialect, messages: 0, turns: 0, hasToolCalls: false, hasThoughts: false, diagnostics: diagnostics.length, errors, warnings };
  }
  const { messages } = record;
  const firstUser = messages.find((m) => m.role === 'user' && contentText(m.content));
  return {
    preview: preview(firstUser ? (contentText(firstUser.content) ?? '') : ''),
    dialect,
    messages: messages.length,
    turns: userMessages(messages),
    hasToolCalls: messages.some(hasToolCalls),
    hasThoughts: messages.some(hasThoughts),
    diagnostics: diagnostics.length,
    errors,
    empty: emptyFields(record),
    warnings,
  };
}

/** Counted without a list made per record (every record of a data set is summarised). */
function userMessages(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) if (message.role === 'user') count++;
  return count;
}

function hasToolCalls(message: Message): boolean {
  if (message.toolCalls && message.toolCalls.length > 0) return true;
  return message.content?.type === 'blocks' && message.content.blocks.some((block) => block.type === 'tool_calls' && block.calls.length > 0);
}

function hasThoughts(message: Message): boolean {
  return message.content?.type === 'blocks' && message.content.blocks.some((block) => block.type === 'thoughts');
}

/**
 * White space collapsed, cut at PREVIEW_LENGTH code points (never inside a surrogate pair, a
 * lone surrogate counting as one, as `Array.from` counts them). Counted in place: the list of
 * characters it made before was the largest garbage of a record's check in the dataset worker.
 */
export function preview(text: string): string {
  // Only the head matters: do not collapse a megabyte of text to keep 80 characters.
  const head = text.slice(0, PREVIEW_LENGTH * 4).replace(/[\uD800-\uDBFF]$/, '').replace(/\s+/g, ' ').trim();
  let points = 0;
  /** Where the first PREVIEW_LENGTH - 1 code points end. */
  let cut = 0;
  for (let i = 0; i < head.length; points++) {
    if (points === PREVIEW_LENGTH - 1) cut = i;
    if (points === PREVIEW_LENGTH) return cutCopy(head, cut);
    i += isPairAt(head, i) ? 2 : 1;
  }
  return head;
}

/** Code units of a cut preview, the ellipsis included. */
const cutUnits = new Uint16Array(2 * PREVIEW_LENGTH);

/**
 * `head` up to `end` and an ellipsis, as a string of its own: a slice (or a slice joined to
 * "…") keeps the whole head alive in every row of the list, four times the preview's length.
 */
function cutCopy(head: string, end: number): string {
  for (let i = 0; i < end; i++) cutUnits[i] = head.charCodeAt(i);
  cutUnits[end] = 0x2026;
  return String.fromCharCode(...cutUnits.subarray(0, end + 1));
}

/** A high surrogate followed by a low one at `i`: one code point in two units. */
function isPairAt(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  if (high < 0xd800 || high > 0xdbff || i + 1 >= text.length) return false;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}
