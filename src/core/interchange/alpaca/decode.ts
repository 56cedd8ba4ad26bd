/**
 * Alpaca → Conversation. `system` → a system message; each `history` pair `[query, answer]` → a
 * user and an assistant message; `instruction` and `input` → the user message (their text as
 * LLaMA-Factory joins them, the two fields in its shape note: fields.ts); `output` → the
 * `completion` branch; `chosen` and `rejected` (LLaMA-Factory's preference form) → those
 * branches; `kto_tag` → the label. Other keys → `extra`.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { textMessage } from '../../model/builders.ts';
import type { Branches, Conversation, Message } from '../../model/types.ts';
import { extraOf, isObject, type JsonObject } from '../../shared/json.ts';
import type { DecodeResult } from '../types.ts';
import { invalid } from '../shared/issues.ts';
import { withShape } from '../shared/shape.ts';
import { tagSource } from '../shared/tag-source.ts';
import { joinedQuery } from './fields.ts';
import { CODE, DIALECT, SHAPE, type RecordShape, type SystemShape, type UserShape } from './shape.ts';

export const KNOWN_KEYS = ['instruction', 'input', 'output', 'system', 'history', 'chosen', 'rejected', 'kto_tag'] as const;
const STRING_KEYS = ['instruction', 'input', 'output', 'system', 'chosen', 'rejected'] as const;

function isPair(value: unknown): value is [string, string] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string';
}

export function decodeAlpaca(json: unknown): DecodeResult {
  const out: Diagnostic[] = [];
  if (!isObject(json)) return { record: undefined, diagnostics: [invalid(CODE, [], 'expected an object with an "instruction" string', json)] };
  const top: JsonObject = json;
  if (typeof top.instruction !== 'string') out.push(invalid(CODE, ['instruction'], 'expected a string', top.instruction));
  for (const key of STRING_KEYS) if (key !== 'instruction' && key in top && typeof top[key] !== 'string') out.push(invalid(CODE, [key], 'expected a string', top[key]));
  if ('history' in top && !(Array.isArray(top.history) && top.history.every(isPair))) out.push(invalid(CODE, ['history'], 'expected a list of [query, answer] pairs of strings', top.history));
  if ('kto_tag' in top && typeof top.kto_tag !== 'boolean') out.push(invalid(CODE, ['kto_tag'], 'expected true or false', top.kto_tag));
  if (out.length > 0) return { record: undefined, diagnostics: out };

  const messages: Message[] = [];
  if (typeof top.system === 'string') messages.push(withShape<Message, SystemShape>(textMessage('system', top.system), SHAPE, { systemKey: true }));
  for (const [query, answer] of (top.history as [string, string][] | undefined) ?? []) messages.push(textMessage('user', query), textMessage('assistant', answer));
  const instruction = top.instruction as string;
  const input = top.input as string | undefined;
  const fields: UserShape = input === undefined ? { instruction } : { instruction, input };
  messages.push(withShape(textMessage('user', joinedQuery(instruction, input)), SHAPE, fields));

  const record: Conversation = { kind: 'chat', messages, tools: [] };
  const branches: Branches = {};
  if (typeof top.output === 'string') branches.completion = [textMessage('assistant', top.output)];
  if (typeof top.chosen === 'string' && typeof top.rejected === 'string') {
    branches.chosen = [textMessage('assistant', top.chosen)];
    branches.rejected = [textMessage('assistant', top.rejected)];
  }
  if (Object.keys(branches).length > 0) record.branches = branches;
  if (typeof top.kto_tag === 'boolean') record.label = top.kto_tag;
  // A lone chosen or rejected is no branch: kept as it is.
  const extra = extraOf(top, KNOWN_KEYS.filter((key) => key !== 'chosen' && key !== 'rejected'));
  const lone = branches.chosen === undefined ? extra : extraOf(extra ?? {}, ['chosen', 'rejected']);
  if (lone && Object.keys(lone).length > 0) record.extra = lone;
  return { record: tagSource(withShape<Conversation, RecordShape>(record, SHAPE, { keys: Object.keys(top) }), DIALECT), diagnostics: out };
}
