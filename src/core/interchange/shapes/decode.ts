/**
 * A training record → a chat record with branches: the prompt and each branch are read by the
 * message dialect's own decoder (as `{"<its messages key>": [...]}`), so a trl record of OpenAI
 * messages, of Anthropic messages or a LLaMA-Factory record of ShareGPT turns is read as that
 * dialect reads messages. Plain text becomes one user message (the prompt) or one assistant
 * message (a completion). The other top-level keys (`tools`, `system`, `images`, …) are read
 * with the prompt, by the dialect.
 */
import { error } from '../../model/diagnostic.ts';
import { textMessage } from '../../model/builders.ts';
import type { BranchName, Branches, Conversation, Message } from '../../model/types.ts';
import { isObject, jsonEqual, type JsonObject } from '../../shared/json.ts';
import type { DecodeResult, InterchangeCodec } from '../types.ts';
import { withShape } from '../shared/shape.ts';
import { messagesKeyOf, sharedStart, SHAPE, type TrainingNote } from './note.ts';
import { movedDiagnostics } from './paths.ts';
import type { Wrapper } from './wrapper.ts';

const CODE = 'training-shape/invalid';

/** Where each part of the source is: its value, and for an implicit prompt how many items the prompt took from its start. */
interface Sources {
  prompt: unknown[] | string | undefined;
  branches: Partial<Record<BranchName, unknown>>;
  offset: number;
}

function sourcesOf(json: JsonObject, wrapper: Wrapper): Sources {
  const branches: Partial<Record<BranchName, unknown>> = {};
  for (const name of wrapper.branches) branches[name] = json[name];
  if (wrapper.promptKey !== undefined) return { prompt: json[wrapper.promptKey] as unknown[] | string, branches, offset: 0 };
  const chosen = json.chosen as unknown[] | string;
  const rejected = json.rejected as unknown[] | string;
  const start = sharedStart(chosen, rejected, typeof chosen === 'string' ? (a, b) => a === b : jsonEqual);
  return { prompt: chosen.slice(0, start), branches: { chosen: chosen.slice(start), rejected: rejected.slice(start) }, offset: start };
}

export function decodeTraining(codec: InterchangeCodec, json: JsonObject, wrapper: Wrapper): DecodeResult {
  const key = messagesKeyOf(codec.id);
  const sources = sourcesOf(json, wrapper);
  const note: TrainingNote = { dialect: codec.id, keys: Object.keys(json), promptKey: wrapper.promptKey };
  if (wrapper.labelKey !== undefined) note.labelKey = wrapper.labelKey;
  const text: NonNullable<TrainingNote['text']> = {};
  const single: NonNullable<TrainingNote['single']> = {};

  // The prompt, with every other top-level key, read by the dialect.
  const inner: JsonObject = {};
  for (const [k, value] of Object.entries(json)) {
    if (k === wrapper.promptKey || k === wrapper.labelKey || (wrapper.branches as string[]).includes(k)) continue;
    inner[k] = value;
  }
  inner[key] = Array.isArray(sources.prompt) ? sources.prompt : [];
  const read = codec.decode(inner);
  const diagnostics = movedDiagnostics(read.diagnostics, key, [wrapper.promptKey ?? 'chosen']);
  if (read.record === undefined) return { record: undefined, diagnostics };
  if (read.record.kind !== 'chat') return { record: undefined, diagnostics: [...diagnostics, error(CODE, `${codec.label} read this training record as a document, not a chat.`)] };
  const record: Conversation = read.record;
  if (typeof sources.prompt === 'string') {
    record.messages.push(textMessage('user', sources.prompt));
    text.prompt = true;
  }

  const branches: Branches = {};
  for (const name of wrapper.branches) {
    const value = sources.branches[name];
    const to = [name];
    let messages: Message[] | undefined;
    if (typeof value === 'string') {
      messages = [textMessage('assistant', value)];
      text[name] = true;
    } else {
      const isSingle = !Array.isArray(value);
      if (isSingle) single[name] = true;
      const branch = codec.decode({ [key]: isSingle ? [value] : value });
      diagnostics.push(...movedDiagnostics(branch.diagnostics, key, to, sources.offset, isSingle));
      if (branch.record?.kind === 'chat') messages = branch.record.messages;
    }
    if (messages === undefined) return { record: undefined, diagnostics };
    branches[name] = messages;
  }
  if (wrapper.branches.length > 0) record.branches = branches;
  if (wrapper.labelKey !== undefined) record.label = json[wrapper.labelKey] as boolean;
  if (Object.keys(text).length > 0) note.text = text;
  if (Object.keys(single).length > 0) note.single = single;
  return { record: withShape(record, SHAPE, note), diagnostics };
}

/** What detection reads of a training record: the prompt and the first branch as one message list of the dialect. */
export function detectionSample(codecId: string, json: JsonObject, wrapper: Wrapper): JsonObject {
  const key = messagesKeyOf(codecId);
  const sources = sourcesOf(json, wrapper);
  const sample: JsonObject = {};
  for (const [k, value] of Object.entries(json)) if (k !== wrapper.promptKey && k !== wrapper.labelKey && !(wrapper.branches as string[]).includes(k)) sample[k] = value;
  const first = wrapper.branches.length > 0 ? sources.branches[wrapper.branches[0] as BranchName] : undefined;
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : isObject(value) ? [value] : []);
  sample[key] = [...list(sources.prompt), ...list(first)];
  return sample;
}
