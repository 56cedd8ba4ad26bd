/**
 * A chat record with branches (or a label) → a training record in a dialect: the prompt (with
 * the tools and the record's fields) and each branch are written by the dialect's own encoder,
 * then wrapped as the source was (the shape note) or, for a record of no note, as trl writes
 * it (`prompt`, `chosen`, `rejected`, `completion`, `label`; LLaMA-Factory's `conversations`
 * and one turn per branch for ShareGPT). Plain text is written back as text while the part is
 * still one plain message of the right role.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { branchNamesOf } from '../../model/branches.ts';
import type { BranchName, Conversation, Message } from '../../model/types.ts';
import type { OptionValues } from '../../shared/options.ts';
import { isObject, type JsonObject } from '../../shared/json.ts';
import type { EncodeHow, EncodeResult, InterchangeCodec } from '../types.ts';
import { shapeOf } from '../shared/shape.ts';
import { messagesKeyOf, SHAPE, type TrainingNote } from './note.ts';
import { movedDiagnostics } from './paths.ts';
import { PROMPT_KEYS, type PromptKey } from './wrapper.ts';

/** The text of `messages` when they are one message of `role` holding only plain text (what a string prompt or completion reads as). */
export function plainTextOf(messages: readonly Message[], role: string): string | undefined {
  if (messages.length !== 1) return undefined;
  const message = messages[0] as Message;
  if (message.role !== role || message.content?.type !== 'text') return undefined;
  const { id: _id, role: _role, content, ...rest } = message;
  const { type: _type, text, ...contentRest } = content;
  return Object.keys(rest).length === 0 && Object.keys(contentRest).length === 0 ? text : undefined;
}

/**
 * The key of a labelled conversation's list (KTO without a completion: LLaMA-Factory's
 * `messages` + `label`): the dialect's own list key when a training wrapper reads it, else
 * `messages`. OpenAI Responses' `input` is no wrapper's key (wrapper.ts): `{input, label}` would
 * read back as a plain request whose label is an unknown field.
 */
function labelledListKey(codecId: string): PromptKey {
  const key = messagesKeyOf(codecId);
  return (PROMPT_KEYS as readonly string[]).includes(key) ? (key as PromptKey) : 'messages';
}

function defaultNote(codecId: string, record: Conversation): TrainingNote {
  const sharegpt = codecId === 'sharegpt';
  const names = branchNamesOf(record);
  const note: TrainingNote = { dialect: codecId, keys: [], promptKey: names.length === 0 || sharegpt ? labelledListKey(codecId) : 'prompt' };
  if (record.label !== undefined) note.labelKey = sharegpt ? 'kto_tag' : 'label';
  if (sharegpt) note.single = { chosen: true, rejected: true };
  return note;
}

/** The message list of an encoder's output (an object with it under `key`, or a bare list). */
function listOf(json: unknown, key: string): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  return isObject(json) && Array.isArray(json[key]) ? json[key] : undefined;
}

export function encodeTraining(codec: InterchangeCodec, record: Conversation, options: Partial<OptionValues> | undefined, how: EncodeHow | undefined): EncodeResult {
  const key = messagesKeyOf(codec.id);
  const stored = shapeOf<TrainingNote>(record, SHAPE);
  const note = stored?.dialect === codec.id ? stored : defaultNote(codec.id, record);
  const { branches = {}, label, [SHAPE]: _note, ...fields } = record as Conversation & { [SHAPE]?: TrainingNote };
  const promptText = note.text?.prompt ? plainTextOf(record.messages, 'user') : undefined;
  const prompt = codec.encode({ ...fields, messages: promptText === undefined ? record.messages : [] }, options, how);
  const diagnostics: Diagnostic[] = [...prompt.diagnostics];
  const promptList = listOf(prompt.json, key);
  if (promptList === undefined) return { json: prompt.json, diagnostics: [...diagnostics, error('training-shape/unwritable', `${codec.label} wrote no message list for the prompt; the branches are not written.`)] };

  const out: JsonObject = {};
  if (isObject(prompt.json)) for (const [k, value] of Object.entries(prompt.json)) if (k !== key) out[k] = value;
  if (note.promptKey !== undefined) out[note.promptKey] = promptText ?? promptList;
  for (const name of branchNamesOf(record)) {
    const messages = branches[name] as Message[];
    const text = note.text?.[name] ? plainTextOf(messages, 'assistant') : undefined;
    let value: unknown;
    if (text !== undefined) value = note.promptKey === undefined ? (promptText ?? '') + text : text;
    else {
      const branch = codec.encode({ kind: 'chat', messages, tools: [] }, options, how);
      diagnostics.push(...movedDiagnostics(branch.diagnostics, 'messages', ['branches', name]));
      const list = listOf(branch.json, key) ?? [];
      value = note.promptKey === undefined ? [...promptList, ...list] : note.single?.[name] && list.length === 1 ? list[0] : list;
    }
    out[name satisfies BranchName] = value;
  }
  if (label !== undefined) out[note.labelKey ?? 'label'] = label;
  return { json: inOrder(out, note.keys), diagnostics };
}

/** `json` with the keys of `order` first, in that order, then the others as they are. */
function inOrder(json: JsonObject, order: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const k of order) if (k in json) out[k] = json[k];
  for (const [k, value] of Object.entries(json)) if (!(k in out)) out[k] = value;
  return out;
}
