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
    turns: messages.filter((m) => m.role === 'user').length,
    hasToolCalls: messages.some(hasToolCalls),
    hasThoughts: messages.some(hasThoughts),
    diagnostics: diagnostics.length,
    errors,
    empty: emptyFields(record),
    warnings,
  };
}

function hasToolCalls(message: Message): boolean {
  if (message.toolCalls && message.toolCalls.length > 0) return true;
  return message.content?.type === 'blocks' && message.content.blocks.some((block) => block.type === 'tool_calls' && block.calls.length > 0);
}

function hasThoughts(message: Message): boolean {
  return message.content?.type === 'blocks' && message.content.blocks.some((block) => block.type === 'thoughts');
}

/** White space collapsed, cut at PREVIEW_LENGTH code points (never inside a surrogate pair). */
function preview(text: string): string {
  // Only the head matters: do not collapse a megabyte of text to keep 80 characters.
  const head = text.slice(0, PREVIEW_LENGTH * 4).replace(/[\uD800-\uDBFF]$/, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(head);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…` : head;
}
