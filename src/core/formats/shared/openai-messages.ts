/**
 * A conversation as the OpenAI-style message list that Hub chat templates read (`role`,
 * `content` string, `tool_calls`, tool messages), with the model path of every piece, for the
 * formats that follow such a template (ChatML-Qwen2.5, Llama 3.1). A structured assistant
 * message (blocks) becomes what an OpenAI export makes of it: its responses and calls as an
 * assistant message, each tool output as a tool message where it stands. What such a list
 * cannot hold (thoughts, images, FIM segments, unknown blocks) is reported as lost in
 * conversion, with the format's label.
 */
import { info, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { Block, Content, Extensible, Message, ToolCall } from '../../model/types.ts';
import { fieldList, lostInConversion } from '../../shared/lost-in-conversion.ts';
import { valuePartWhat } from '../../model/part-words.ts';

export interface TextPiece {
  text: string;
  path: FieldPath;
}

export interface CallRef {
  call: ToolCall;
  path: FieldPath;
}

export interface PlainMessage {
  role: string;
  /** The path of the model message it comes from. */
  path: FieldPath;
  /**
   * The content as text pieces; `undefined`: the message has no content, `null`: content null
   * (templates treat both apart from an empty string).
   */
  content: TextPiece[] | null | undefined;
  /** The path where the content is (for diagnostics about it). */
  contentPath: FieldPath;
  calls: readonly CallRef[];
  /** The model message these come from (its name, call id, error flag). */
  source: Message;
  /** Made from a tool output block (not a message of its own in the model). */
  fromBlock?: boolean;
}

export function joinPieces(pieces: readonly TextPiece[] | null | undefined): string {
  if (!pieces) return '';
  let text = '';
  for (const piece of pieces) text += piece.text;
  return text;
}

/** Codes the caller's format uses: `<id>/parts-as-text`. */
export interface PlainCodes {
  partsAsText: string;
}

function contentPieces(content: Content, path: FieldPath, label: string, codes: PlainCodes, out: Diagnostic[]): TextPiece[] {
  if (content.type === 'text') return [{ text: content.text, path: [...path, 'text'] }];
  if (content.type !== 'parts') return [];
  const pieces: TextPiece[] = [];
  content.parts.forEach((part, j) => {
    const partPath = [...path, 'parts', j];
    if (part.type === 'text') pieces.push({ text: part.text, path: [...partPath, 'text'] });
    else if (part.type === 'value') {
      // As the JSON dialects without value parts do: its JSON text, and the loss of its type.
      pieces.push({ text: JSON.stringify(part.value) ?? 'null', path: [...partPath, 'value'] });
      out.push(lostInConversion(valuePartWhat(part), `${label} writes text only; written as its JSON text`, partPath));
    } else out.push(lostInConversion(part.type === 'image' ? 'an image' : 'a fill-in-the-middle segment', `${label} writes text only`, partPath));
  });
  out.push(warning(codes.partsAsText, `The content at ${path.join('.')} is a list of parts; ${label} writes the text of its parts one after the other (the reference template takes a string).`, path));
  return pieces;
}

function blockMessages(message: Message, blocks: readonly Block[], path: FieldPath, label: string, out: Diagnostic[]): PlainMessage[] {
  const result: PlainMessage[] = [];
  let current: PlainMessage | undefined;
  const contentPath = [...path, 'content'];
  const assistant = (): PlainMessage => {
    current ??= { role: 'assistant', path, content: [], contentPath, calls: [], source: message };
    if (!result.includes(current)) result.push(current);
    return current;
  };
  blocks.forEach((block, j) => {
    const blockPath = [...contentPath, 'blocks', j];
    switch (block.type) {
      case 'thoughts':
        out.push(lostInConversion('the thoughts (reasoning)', `${label} has no place for reasoning; they are not rendered`, blockPath));
        break;
      case 'response':
        assistant().content?.push({ text: block.text, path: [...blockPath, 'text'] });
        break;
      case 'tool_calls': {
        const target = assistant();
        target.calls = [...target.calls, ...block.calls.map((call, k) => ({ call, path: [...blockPath, 'calls', k] }))];
        break;
      }
      case 'tool_outputs':
        current = undefined;
        block.outputs.forEach((output, k) => {
          const outputPath = [...blockPath, 'outputs', k];
          const source: Message = { id: output.id, role: 'tool', ...(output.name !== undefined && { name: output.name }), ...(output.callId !== undefined && { toolCallId: output.callId }), ...(output.isError !== undefined && { isError: output.isError }) };
          result.push({ role: 'tool', path: outputPath, content: [{ text: output.output, path: [...outputPath, 'output'] }], contentPath: [...outputPath, 'output'], calls: [], source, fromBlock: true });
        });
        break;
      case 'unknown':
        out.push(lostInConversion(`a block of type ${JSON.stringify(block.sourceType)}`, `${label} has no such block`, blockPath));
        break;
    }
  });
  if (result.length === 0) result.push({ role: 'assistant', path, content: [], contentPath, calls: [], source: message });
  return result;
}

const NO_CALLS: readonly CallRef[] = [];

/** The messages of a conversation as a template reads them. */
export function plainMessages(messages: readonly Message[], label: string, codes: PlainCodes, out: Diagnostic[]): PlainMessage[] {
  const result: PlainMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const path: FieldPath = ['messages', i];
    const contentPath = [...path, 'content'];
    const toolCalls = message.toolCalls;
    const calls = toolCalls && toolCalls.length > 0 ? toolCalls.map((call, k) => ({ call, path: [...path, 'toolCalls', k] })) : NO_CALLS;
    const content = message.content;
    if (content?.type === 'blocks') {
      const made = blockMessages(message, content.blocks, path, label, out);
      // Calls on the message itself (legacy) go with its first assistant part.
      const first = made.find((m) => m.role === 'assistant');
      if (first) first.calls = [...calls, ...first.calls];
      else if (calls.length > 0) made.unshift({ role: 'assistant', path, content: null, contentPath, calls, source: message });
      result.push(...made);
      continue;
    }
    const pieces = content === undefined || content === null ? content : content.type === 'text' ? [{ text: content.text, path: [...contentPath, 'text'] }] : contentPieces(content, contentPath, label, codes, out);
    result.push({ role: message.role, path, content: pieces, contentPath, calls, source: message });
  }
  return result;
}

/**
 * What a Hub template does not write of the messages: names and error flags (one diagnostic
 * each), and call ids (one diagnostic for all the calls and one for all the results, at the
 * first: OpenAI data has an id on every call, and a warning per id buried the others).
 */
export function reportUnwritten(messages: readonly PlainMessage[], label: string, out: Diagnostic[]): void {
  let callIds = 0;
  let firstCallId: FieldPath | undefined;
  let resultIds = 0;
  let firstResultId: FieldPath | undefined;
  for (const message of messages) {
    const { source, path } = message;
    if (source.name !== undefined) {
      const what = source.role === 'tool' || source.role === 'function' ? 'tool name' : 'speaker name';
      out.push(lostInConversion(`the ${what} ${JSON.stringify(source.name)}`, `${label} writes no names`, [...path, 'name']));
    }
    if (source.isError !== undefined) out.push(lostInConversion(`the error flag (${String(source.isError)})`, `${label} tool results carry no status`, [...path, 'isError']));
    if (source.toolCallId !== undefined) {
      resultIds += 1;
      firstResultId ??= [...path, message.fromBlock ? 'callId' : 'toolCallId'];
    }
    for (const { call, path: callPath } of message.calls) {
      if (call.callId === undefined) continue;
      callIds += 1;
      firstCallId ??= [...callPath, 'callId'];
    }
  }
  if (firstCallId) out.push(lostInConversion(callIds === 1 ? 'the call id of a tool call' : `the call ids of ${callIds} tool calls`, `${label} tool calls carry no id`, firstCallId, 'harmless'));
  if (firstResultId) {
    const what = resultIds === 1 ? 'the call id of a tool result' : `the call ids of ${resultIds} tool results`;
    out.push(lostInConversion(what, `${label} tool results carry no call id; they answer the calls in order`, firstResultId, 'harmless'));
  }
}

/** `content | trim` of a message's pieces: the text, and the path it stands for (the piece's, when one piece holds it all). */
export function trimmedContent(message: PlainMessage): { text: string; path: FieldPath } {
  const pieces = message.content ?? [];
  if (pieces.length === 1) {
    const only = pieces[0] as TextPiece;
    return { text: only.text.trim(), path: only.path };
  }
  const text = joinPieces(pieces).trim();
  const holders = pieces.filter((piece) => piece.text.trim() !== '');
  return { text, path: holders.length === 1 ? (holders[0] as TextPiece).path : message.contentPath };
}

/**
 * The unknown fields a source kept (`extra`: a request's `model`, a message's metadata) have no
 * place in a template's text: listed as not shown, an info rather than a loss (as RWKV does).
 */
export function reportNotShown(record: Extensible, messages: readonly Message[], label: string, code: string, out: Diagnostic[]): void {
  const report = (node: Extensible, path: FieldPath) => {
    if (node.extra === undefined) return;
    const keys = Object.keys(node.extra);
    if (keys.length === 0) return;
    const at = [...path, 'extra'];
    out.push(info(code, `not shown in ${label} text: ${fieldList(keys)} at ${formatPath(at)} (the template has no place for a source's other fields)`, at, undefined, 'content'));
  };
  report(record, []);
  messages.forEach((message, i) => report(message, ['messages', i]));
}
