/**
 * A message body as a list of items joined by line breaks: thought blocks
 * (`<|start_reason|>…<|end_reason|>`), text (string content, response blocks, text and FIM
 * parts) and function calls. An Apertus-style `tool_outputs` block inside an assistant message
 * becomes tool turns of its own, so a message is laid out as segments: turns of items, and
 * outputs between them.
 */
import type { FieldPath } from '../../model/path.ts';
import type { Block, Message, Part, ThoughtsBlock, ToolCall, ToolOutputsBlock } from '../../model/types.ts';
import { renderParts } from './content.ts';
import type { Emitter } from './emitter.ts';
import { renderCall } from './functions.ts';
import { thoughtEnd, thoughtStart } from './tokens.ts';

export type Item =
  | { kind: 'text'; text: string; path: FieldPath }
  | { kind: 'parts'; parts: Part[]; path: FieldPath }
  | { kind: 'thought'; block: ThoughtsBlock; path: FieldPath }
  | { kind: 'call'; call: ToolCall; path: FieldPath };

export type Segment = { kind: 'turn'; items: Item[] } | { kind: 'outputs'; block: ToolOutputsBlock; path: FieldPath };

/** Parts that write no text (empty text, images) make no item: an empty item would only add a line break. */
function writesText(parts: readonly Part[]): boolean {
  return parts.some((part) => part.type === 'fim' || part.type === 'value' || (part.type === 'text' && part.text !== ''));
}

function blockItems(blocks: readonly Block[], path: FieldPath, segments: Segment[], lost: string[]): void {
  let items = (segments[segments.length - 1] as { kind: 'turn'; items: Item[] }).items;
  blocks.forEach((block, j) => {
    const blockPath: FieldPath = [...path, 'blocks', j];
    switch (block.type) {
      case 'thoughts':
        items.push({ kind: 'thought', block, path: blockPath });
        return;
      case 'response':
        if (block.text !== '') items.push({ kind: 'text', text: block.text, path: [...blockPath, 'text'] });
        return;
      case 'tool_calls':
        block.calls.forEach((call, c) => items.push({ kind: 'call', call, path: [...blockPath, 'calls', c] }));
        return;
      case 'tool_outputs':
        segments.push({ kind: 'outputs', block, path: blockPath });
        items = [];
        segments.push({ kind: 'turn', items });
        return;
      case 'unknown':
        lost.push(`block ${j + 1} of type ${JSON.stringify(block.sourceType)} (no OpenChatML form; it is not rendered)`);
        return;
    }
  });
}

/**
 * The segments of a message (tool messages excepted): its content, then its legacy `toolCalls`.
 * Empty turns are dropped unless the message has nothing else (an empty message is one empty turn).
 */
export function layoutMessage(message: Message, index: number, lost: string[]): Segment[] {
  const path: FieldPath = ['messages', index, 'content'];
  const segments: Segment[] = [{ kind: 'turn', items: [] }];
  const first = segments[0] as { kind: 'turn'; items: Item[] };
  const content = message.content;
  if (content?.type === 'text') {
    if (content.text !== '') first.items.push({ kind: 'text', text: content.text, path });
  } else if (content?.type === 'parts') {
    if (writesText(content.parts)) first.items.push({ kind: 'parts', parts: content.parts, path: [...path, 'parts'] });
    else if (content.parts.some((part) => part.type === 'image')) reportImages(content.parts, lost);
  } else if (content?.type === 'blocks') {
    blockItems(content.blocks, path, segments, lost);
  }
  const last = segments[segments.length - 1] as { kind: 'turn'; items: Item[] };
  message.toolCalls?.forEach((call, c) => last.items.push({ kind: 'call', call, path: ['messages', index, 'toolCalls', c] }));
  const kept = segments.filter((segment) => segment.kind === 'outputs' || segment.items.length > 0);
  return kept.length > 0 ? kept : [{ kind: 'turn', items: [] }];
}

/** Images of a message whose parts write nothing are still reported. */
function reportImages(parts: readonly Part[], lost: string[]): void {
  parts.forEach((part, k) => {
    if (part.type === 'image') lost.push(`image part ${k + 1} (OpenChatML is text only; it is not rendered)`);
  });
}

/** Writes the items of one turn, a line break between two items. */
export function renderItems(e: Emitter, items: readonly Item[], path: FieldPath, trainable: boolean, lost: string[]): void {
  items.forEach((item, k) => {
    if (k > 0) e.structure('\n', path, trainable);
    switch (item.kind) {
      case 'text':
        e.content(item.text, item.path, trainable);
        return;
      case 'parts':
        renderParts(e, item.parts, item.path, trainable, lost);
        return;
      case 'thought': {
        // A thought without a kind (Apertus has one kind) is a chain of thought: a reason block.
        const kind = item.block.kind ?? 'reason';
        e.special(thoughtStart(kind), item.path, trainable);
        e.content(item.block.text, [...item.path, 'text'], trainable);
        e.special(thoughtEnd(kind), item.path, trainable);
        return;
      }
      case 'call':
        renderCall(e, item.call, item.path, trainable);
    }
  });
}
