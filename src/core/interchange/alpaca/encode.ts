/**
 * Conversation → Alpaca: a leading system message → `system`; user/assistant pairs before the
 * last user message → `history`; the last user message → `instruction` and `input` (fields.ts);
 * the completion (the `completion` branch, or a last assistant message) → `output`; a
 * preference record's branches → `chosen` and `rejected`; the label → `kto_tag`. Alpaca holds
 * plain text in that order only: tools, calls, reasoning, images, names and messages out of
 * that order are reported lost.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Message, ParleyRecord } from '../../model/types.ts';
import type { OptionValues } from '../../shared/options.ts';
import { mergeFirst, type JsonObject } from '../../shared/json.ts';
import { Losses } from '../conversion.ts';
import type { EncodeHow, EncodeResult } from '../types.ts';
import { shapeOf } from '../shared/shape.ts';
import { splitQuery } from './fields.ts';
import { DIALECT, SHAPE, TARGET, type RecordShape, type SystemShape, type UserShape } from './shape.ts';

/** The plain text of a message; what plain text cannot hold is reported. */
function textOf(message: Message, path: FieldPath, losses: Losses): string {
  if (message.name !== undefined) losses.add(`the speaker name ${JSON.stringify(message.name)}`, [...path, 'name']);
  if (message.toolCalls !== undefined && message.toolCalls.length > 0) losses.add('the tool calls', [...path, 'toolCalls'], 'Alpaca holds text only');
  losses.extra(message.extra, path);
  const content = message.content;
  if (content == null) return '';
  if (content.type === 'text') return content.text;
  if (content.type === 'parts') {
    return content.parts
      .map((part, j) => {
        losses.extra(part.extra, [...path, 'content', 'parts', j]);
        if (part.type === 'text') return part.text;
        losses.add(`a ${part.type} part`, [...path, 'content', 'parts', j], 'Alpaca holds text only');
        return '';
      })
      .join('');
  }
  return content.blocks
    .map((block, j) => {
      // Several text blocks are the turn's text, in order (Anthropic splits a text at its citations): joined as they are; their fields (citations) are reported.
      if (block.type === 'response') {
        losses.extra(block.extra, [...path, 'content', 'blocks', j]);
        return block.text;
      }
      losses.add(block.type === 'thoughts' ? 'the reasoning (thoughts)' : `a ${block.type} block`, [...path, 'content', 'blocks', j], 'Alpaca holds text only');
      return '';
    })
    .join('');
}

/** The text of a branch: its one assistant message (the rest reported). */
function branchText(messages: readonly Message[], path: FieldPath, losses: Losses): string {
  messages.slice(1).forEach((_, i) => losses.add('a message after the first of the completion', [...path, i + 1], 'an Alpaca completion is one text'));
  const first = messages[0];
  return first === undefined ? '' : textOf(first, [...path, 0], losses);
}

export function encodeAlpaca(record: ParleyRecord, _options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult {
  const out: Diagnostic[] = [];
  if (record.kind !== 'chat') return { json: null, diagnostics: [error('alpaca/unwritable', 'Alpaca holds instruction records; a multi-file document cannot be written in it.')] };
  const losses = new Losses(TARGET, out, DIALECT, how?.wants?.bind(how));
  const doc: JsonObject = {};
  record.tools.forEach((_, i) => losses.add('a tool definition', ['tools', i]));
  let messages = record.messages.map((message, i) => ({ message, path: ['messages', i] as FieldPath }));

  const first = messages[0]?.message;
  if (first && (first.role === 'system' || first.role === 'developer')) {
    doc.system = textOf(first, ['messages', 0], losses);
    messages = messages.slice(1);
  }
  const branches = record.branches ?? {};
  let output: string | undefined;
  if (branches.completion !== undefined) output = branchText(branches.completion, ['branches', 'completion'], losses);
  else if (branches.chosen === undefined && messages[messages.length - 1]?.message.role === 'assistant') {
    const last = messages.pop() as { message: Message; path: FieldPath };
    output = textOf(last.message, last.path, losses);
  }
  const query = messages.pop();
  if (query && query.message.role !== 'user') losses.add(`the ${query.message.role} message`, query.path, 'Alpaca ends with a user instruction');
  const fields = query && query.message.role === 'user' ? splitQuery(textOf(query.message, query.path, losses), shapeOf<UserShape>(query.message, SHAPE)) : { instruction: '', input: '' };
  const history: [string, string][] = [];
  for (let i = 0; i < messages.length; i++) {
    const user = messages[i] as { message: Message; path: FieldPath };
    const answer = messages[i + 1];
    if (user.message.role === 'user' && answer?.message.role === 'assistant') {
      history.push([textOf(user.message, user.path, losses), textOf(answer.message, answer.path, losses)]);
      i++;
    } else losses.add(`the ${user.message.role} message`, user.path, 'Alpaca history holds user and assistant turns in pairs');
  }

  doc.instruction = fields.instruction;
  // Stanford Alpaca writes `input` always (empty when there is none); a source without it is kept so.
  const recordShape = shapeOf<RecordShape>(record, SHAPE);
  if (fields.input !== undefined || recordShape === undefined) doc.input = fields.input ?? '';
  if (output !== undefined) doc.output = output;
  if (branches.chosen !== undefined) doc.chosen = branchText(branches.chosen, ['branches', 'chosen'], losses);
  if (branches.rejected !== undefined) doc.rejected = branchText(branches.rejected, ['branches', 'rejected'], losses);
  if (history.length > 0 || recordShape?.keys.includes('history')) doc.history = history;
  if (record.label !== undefined) doc.kto_tag = record.label;
  if (doc.system !== undefined && first && !shapeOf<SystemShape>(first, SHAPE)?.systemKey && first.role === 'developer') losses.add('the developer role', ['messages', 0, 'role'], 'written as the system text');
  const json = mergeFirst(doc, losses.extraOf(record, 'document', []), losses.clash([]));
  return { json: inOrder(json, recordShape?.keys ?? []), diagnostics: out };
}

function inOrder(json: JsonObject, order: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const k of order) if (k in json) out[k] = json[k];
  for (const [k, value] of Object.entries(json)) if (!(k in out)) out[k] = value;
  return out;
}
