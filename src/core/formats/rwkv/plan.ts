/**
 * Conversation → the list of blocks RWKV writes (before any text is produced): which tag, which
 * attributes, which payload pieces, each with the model path that produced it. The order is
 * the spec's: a message's text block first, then one TOOL_CALL block per call; tool results as
 * TOOL_RESULT blocks where they stand. What RWKV has no block for is reported here, and the
 * unknown fields a source kept (`extra`: a request's `model`, an image's `detail`, Anthropic's
 * `cache_control`) are listed as not shown: an RWKV tag has no place for them, but they are
 * metadata rather than content, so an info rather than a loss.
 */
import { info, type Diagnostic } from '../../model/diagnostic.ts';
import { fieldList, lostInConversion } from '../../shared/lost-in-conversion.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { Block, Content, Extensible, Message, Part, ToolCall, ToolOutput } from '../../model/types.ts';
import { CODES, RWKV_SOURCE, type BlockKind } from './tokens.ts';
import { valuePartWhat } from '../../model/part-words.ts';

/** Text inside a block: what the author wrote (`content`) or what RWKV adds for it (`structure`). */
export interface Piece {
  text: string;
  kind: 'content' | 'structure';
  path: FieldPath;
}

export interface Attribute {
  key: 'name' | 'id' | 'status';
  value: string;
  path: FieldPath;
}

export interface BlockPlan {
  kind: BlockKind;
  /** The message, call or output the block stands for. */
  path: FieldPath;
  attributes: Attribute[];
  payload: Piece[];
  /** A call or result payload must be a JSON object: the path its check reports at. */
  objectPayload?: FieldPath;
}

/** Shown where RWKV has no place for an image. */
export const IMAGE_PLACEHOLDER = '[image]';

function lost(out: Diagnostic[], what: string, why: string, path: FieldPath): void {
  out.push(lostInConversion(what, why, path));
}

/** `not shown in RWKV text: the field "model" at extra`; `shown`: a field rendered after all (a status). */
export function notShown(out: Diagnostic[], node: Extensible, path: FieldPath, shown?: string): void {
  const keys = Object.keys(node.extra ?? {}).filter((key) => key !== shown);
  if (keys.length === 0) return;
  const at = [...path, 'extra'];
  out.push(info(CODES.notShown, `not shown in RWKV text: ${fieldList(keys)} at ${formatPath(at)} (RWKV blocks have no place for a source's other fields)`, at, undefined, 'content'));
}

function partPieces(part: Part, path: FieldPath, out: Diagnostic[]): Piece[] {
  notShown(out, part, path);
  switch (part.type) {
    case 'text':
      return [{ text: part.text, kind: 'content', path: [...path, 'text'] }];
    case 'image':
      lost(out, 'an image', `RWKV is text-only; rendered as the placeholder ${IMAGE_PLACEHOLDER}`, path);
      return [{ text: IMAGE_PLACEHOLDER, kind: 'structure', path }];
    case 'value':
      lost(out, valuePartWhat(part), 'RWKV payloads are text; rendered as its JSON text', path);
      return [{ text: JSON.stringify(part.value) ?? 'null', kind: 'content', path: [...path, 'value'] }];
    case 'fim':
      lost(out, 'a fill-in-the-middle segment', 'RWKV has no FIM markers; rendered as prefix, middle and suffix in a row', path);
      return [
        { text: part.prefix, kind: 'content', path: [...path, 'prefix'] },
        { text: part.middle, kind: 'content', path: [...path, 'middle'] },
        { text: part.suffix, kind: 'content', path: [...path, 'suffix'] },
      ];
  }
}

/** The pieces of text or parts content (blocks are planned by the caller). */
function contentPieces(content: Content | null | undefined, path: FieldPath, out: Diagnostic[]): Piece[] {
  if (content == null) return [];
  if (content.type === 'text') return [{ text: content.text, kind: 'content', path }];
  if (content.type === 'parts') return content.parts.flatMap((part, j) => partPieces(part, [...path, 'parts', j], out));
  // Blocks outside an assistant message: their text is kept, the rest reported.
  return content.blocks.flatMap((block, j): Piece[] => {
    const blockPath = [...path, 'blocks', j];
    if (block.type === 'response' || block.type === 'thoughts') {
      notShown(out, block, blockPath);
      return [{ text: block.text, kind: 'content', path: [...blockPath, 'text'] }];
    }
    lost(out, `a ${block.type === 'unknown' ? block.sourceType : block.type} block`, 'RWKV has no such block in this role', blockPath);
    return [];
  });
}

function callPlan(call: ToolCall, path: FieldPath, out: Diagnostic[]): BlockPlan {
  notShown(out, call, path);
  const attributes: Attribute[] = [{ key: 'name', value: call.name, path: [...path, 'name'] }];
  if (call.callId !== undefined) attributes.push({ key: 'id', value: call.callId, path: [...path, 'callId'] });
  return { kind: 'toolCall', path, attributes, payload: [{ text: call.arguments, kind: 'content', path: [...path, 'arguments'] }], objectPayload: [...path, 'arguments'] };
}

/**
 * `status="error"` / `status="ok"` from the error flag; another status read from RWKV text is
 * kept in `extra.status` (a `status` another dialect kept, such as a Responses item's
 * "completed", is that dialect's field, not a tool result status).
 */
function statusOf(isError: boolean | undefined, node: Extensible): string | undefined {
  if (isError !== undefined) return isError ? 'error' : 'ok';
  const status = node.extra?.status;
  return typeof status === 'string' && (node.extraSource === undefined || node.extraSource === RWKV_SOURCE) ? status : undefined;
}

/** The field a status attribute came from, so that it is not also listed as not shown. */
function statusField(isError: boolean | undefined, node: Extensible): string | undefined {
  return isError === undefined && statusOf(isError, node) !== undefined ? 'status' : undefined;
}

function resultAttributes(name: string | undefined, callId: string | undefined, status: string | undefined, path: FieldPath, fields: { name: string; id: string }): Attribute[] {
  const attributes: Attribute[] = [];
  if (name !== undefined) attributes.push({ key: 'name', value: name, path: [...path, fields.name] });
  if (callId !== undefined) attributes.push({ key: 'id', value: callId, path: [...path, fields.id] });
  if (status !== undefined) attributes.push({ key: 'status', value: status, path: [...path, 'isError'] });
  return attributes;
}

function outputPlan(output: ToolOutput, path: FieldPath, out: Diagnostic[]): BlockPlan {
  notShown(out, output, path, statusField(output.isError, output));
  const attributes = resultAttributes(output.name, output.callId, statusOf(output.isError, output), path, { name: 'name', id: 'callId' });
  return { kind: 'toolResult', path, attributes, payload: [{ text: output.output, kind: 'content', path: [...path, 'output'] }], objectPayload: [...path, 'output'] };
}

function assistantBlocks(blocks: readonly Block[], path: FieldPath, out: Diagnostic[]): BlockPlan[] {
  const plans: BlockPlan[] = [];
  blocks.forEach((block, j) => {
    const blockPath = [...path, 'content', 'blocks', j];
    switch (block.type) {
      case 'thoughts':
        lost(out, 'the thoughts (reasoning)', 'RWKV has no reasoning block; they are not rendered', blockPath);
        break;
      case 'response':
        notShown(out, block, blockPath);
        plans.push({ kind: 'assistant', path, attributes: [], payload: [{ text: block.text, kind: 'content', path: [...blockPath, 'text'] }] });
        break;
      case 'tool_calls':
        notShown(out, block, blockPath);
        block.calls.forEach((call, k) => plans.push(callPlan(call, [...blockPath, 'calls', k], out)));
        break;
      case 'tool_outputs':
        notShown(out, block, blockPath);
        block.outputs.forEach((output, k) => plans.push(outputPlan(output, [...blockPath, 'outputs', k], out)));
        break;
      case 'unknown':
        lost(out, `a block of type ${JSON.stringify(block.sourceType)}`, 'RWKV has no such block; it is not rendered', blockPath);
        break;
    }
  });
  return plans;
}

function assistantPlans(message: Message, path: FieldPath, out: Diagnostic[]): BlockPlan[] {
  const calls = message.toolCalls ?? [];
  const content = message.content;
  const plans: BlockPlan[] = [];
  if (content?.type === 'blocks') plans.push(...assistantBlocks(content.blocks, path, out));
  else if (content != null || calls.length === 0) {
    // A message with no content and no calls still shows as an (empty) assistant block.
    plans.push({ kind: 'assistant', path, attributes: [], payload: contentPieces(content, [...path, 'content'], out) });
  }
  calls.forEach((call, k) => plans.push(callPlan(call, [...path, 'toolCalls', k], out)));
  if (plans.length === 0) plans.push({ kind: 'assistant', path, attributes: [], payload: [] });
  return plans;
}

function toolMessagePlan(message: Message, path: FieldPath, out: Diagnostic[]): BlockPlan {
  const attributes = resultAttributes(message.name, message.toolCallId, statusOf(message.isError, message), path, { name: 'name', id: 'toolCallId' });
  return { kind: 'toolResult', path, attributes, payload: contentPieces(message.content, [...path, 'content'], out), objectPayload: [...path, 'content'] };
}

export function planMessage(message: Message, index: number, out: Diagnostic[]): BlockPlan[] {
  const path: FieldPath = ['messages', index];
  const result = message.role === 'tool' || message.role === 'function';
  notShown(out, message, path, result ? statusField(message.isError, message) : undefined);
  const textBlock = (kind: BlockKind): BlockPlan => ({ kind, path, attributes: [], payload: contentPieces(message.content, [...path, 'content'], out) });
  if (message.name !== undefined && message.role !== 'tool' && message.role !== 'function') {
    lost(out, `the speaker name ${JSON.stringify(message.name)}`, 'RWKV blocks carry no name', [...path, 'name']);
  }
  switch (message.role) {
    case 'system':
      return [textBlock('sys')];
    case 'developer':
      lost(out, 'the developer role', 'RWKV has only <<SYS>>; rendered as a system block', [...path, 'role']);
      return [textBlock('sys')];
    case 'user':
      return [textBlock('user')];
    case 'assistant':
      return assistantPlans(message, path, out);
    case 'tool':
    case 'function':
      return [toolMessagePlan(message, path, out)];
    default:
      // Rendered as a user block; the structural checks' error says so (roles.ts, core/checks/structure).
      return [textBlock('user')];
  }
}
