/**
 * Reader for message content: a string, `null`, or a mapping `{"text"}`, `{"parts"}`,
 * `{"blocks"}`. A mapping may hold several of these forms and other keys; the form the Apertus
 * template reads for the message's role becomes the content (system: `text`; user: `parts`;
 * assistant: `blocks`; the first present, in that order, for other roles), and every other key
 * is kept raw in the content's `extra` and written back on export (the format says which keys
 * the template ignores). What the model cannot hold (a mapping without any form, a part of an
 * unknown type, a block that is not an object) is not dropped: the caller keeps the whole
 * content raw in the message's `extra`, so that export writes it back unchanged, and an error
 * says so.
 */
import { CONTENT_FORMS, formReadFor, type ContentForm } from '../../shared/apertus/content-forms.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { Place } from '../../model/path.ts';
import type { Block, Content, Part, ThoughtKind, ToolCall, ToolOutput, UnknownBlock } from '../../model/types.ts';
import { decodeBlockCall, decodeToolOutput } from './decode-calls.ts';
import { extraOf, isObject, textOf, type JsonObject } from './fields.ts';
import { check, describeJson, problem } from './issues.ts';
import { checkBlock, checkContentForm, checkTextBlock, checkTextPart, checkToolCallsBlock, checkToolOutputsBlock } from './node-checks.ts';
import { fimPartSchema, imagePartSchema, valuePartSchema } from './schema.ts';

const KEPT = 'the content is kept as it is, but cannot be edited or rendered';
const THOUGHT_KINDS: readonly string[] = ['reflect', 'introspect', 'reason'] satisfies ThoughtKind[];

// The known keys of each node, made once (a list literal is a new array at every node).
const FORM_KEYS: Record<ContentForm, readonly string[]> = { text: ['text'], parts: ['parts'], blocks: ['blocks'] };
const TEXT_KEYS = ['type', 'text'];
const THOUGHTS_KIND_KEYS = ['type', 'text', 'kind'];
const IMAGE_KEYS = ['type', 'url', 'media_type'];
const VALUE_KEYS = ['type', 'value'];
const FIM_KEYS = ['type', 'prefix', 'middle', 'suffix'];
const CALLS_KEYS = ['type', 'calls'];
const OUTPUTS_KEYS = ['type', 'outputs'];

/** Decoded content, or `raw` when the caller must keep the JSON value as it is. */
export type ContentResult = { content: Content | null } | { raw: true };

export function decodeContent(value: unknown, place: Place, out: Diagnostic[], role: string): ContentResult {
  if (value === null) return { content: null };
  if (typeof value === 'string') return { content: { type: 'text', text: value } };
  if (!isObject(value)) return { raw: true }; // reported by the message schema
  const form = formOf(value, role);
  if (form === undefined) {
    out.push(problem(place, `a content mapping needs "text", "parts" or "blocks"; ${KEPT}`));
    return { raw: true };
  }
  checkContentForm(form, value, place, out);
  const extra = extraOf(value, FORM_KEYS[form]);
  if (form === 'text') return withMappingExtra({ type: 'text', text: textOf(value.text), mapping: true }, extra);
  if (!Array.isArray(value[form])) return { raw: true }; // reported by the mapping schema
  const items = value[form] as unknown[];
  if (form === 'parts') {
    const parts = decodeParts(items, place.at('parts'), out);
    return parts ? withMappingExtra({ type: 'parts', parts }, extra) : { raw: true };
  }
  const blocks = decodeBlocks(items, place.at('blocks'), out);
  return blocks ? withMappingExtra({ type: 'blocks', blocks }, extra) : { raw: true };
}

/** The content with the mapping's other keys (a module function, not a closure made per content). */
function withMappingExtra(content: Content, extra: JsonObject | undefined): { content: Content } {
  return { content: extra ? { ...content, extra } : content };
}

/** The form of a mapping that the template reads for `role` (else the first present), or undefined when it has none. */
function formOf(value: JsonObject, role: string): ContentForm | undefined {
  const read = formReadFor(role);
  if (read !== undefined && Object.hasOwn(value, read)) return read;
  return CONTENT_FORMS.find((key) => Object.hasOwn(value, key));
}

function decodeParts(items: unknown[], place: Place, out: Diagnostic[]): Part[] | undefined {
  const parts: Part[] = [];
  for (let index = 0; index < items.length; index++) {
    const part = decodePart(items[index], place.at(index), out);
    if (!part) return undefined;
    parts.push(part);
  }
  return parts;
}

function decodePart(item: unknown, place: Place, out: Diagnostic[]): Part | undefined {
  if (!isObject(item)) {
    out.push(problem(place, `expected an object, got ${describeJson(item)}; ${KEPT}`));
    return undefined;
  }
  switch (item.type) {
    case 'text': {
      checkTextPart(item, place, out);
      return withExtra({ id: newId('p'), type: 'text', text: textOf(item.text) }, extraOf(item, TEXT_KEYS));
    }
    case 'image': {
      if (check(imagePartSchema, item, place, out).size > 0) return keptRaw(place, out);
      const part = { id: newId('p'), type: 'image' as const, url: item.url as string };
      return withExtra(typeof item.media_type === 'string' ? { ...part, mediaType: item.media_type } : part, extraOf(item, IMAGE_KEYS));
    }
    case 'value': {
      check(valuePartSchema, item, place, out);
      return withExtra({ id: newId('p'), type: 'value', value: item.value }, extraOf(item, VALUE_KEYS));
    }
    case 'fim': {
      if (check(fimPartSchema, item, place, out).size > 0) return keptRaw(place, out);
      const part = { id: newId('p'), type: 'fim' as const, prefix: item.prefix as string, middle: item.middle as string, suffix: item.suffix as string };
      return withExtra(part, extraOf(item, FIM_KEYS));
    }
    default:
      out.push(problem(place.at('type'), `unknown part type ${JSON.stringify(item.type) ?? 'undefined'} (Apertus user parts are "text"); ${KEPT}`));
      return undefined;
  }
}

/** A part the model cannot hold: the caller keeps the whole content raw. */
function keptRaw(place: Place, out: Diagnostic[]): undefined {
  out.push(problem(place, KEPT));
  return undefined;
}

function withExtra<T extends Part | Exclude<Block, UnknownBlock>>(node: T, extra: JsonObject | undefined): T {
  if (extra) node.extra = extra;
  return node;
}

function decodeBlocks(items: unknown[], place: Place, out: Diagnostic[]): Block[] | undefined {
  const blocks: Block[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const blockPlace = place.at(index);
    if (!isObject(item)) {
      out.push(problem(blockPlace, `expected an object, got ${describeJson(item)}; ${KEPT}`));
      return undefined;
    }
    blocks.push(decodeBlock(item, blockPlace, out));
  }
  return blocks;
}

/** A block; a known type with unreadable structure is kept whole as an `unknown` block. */
function decodeBlock(item: JsonObject, place: Place, out: Diagnostic[]): Block {
  checkBlock(item, place, out);
  switch (item.type) {
    case 'thoughts': {
      checkTextBlock(item, place, out);
      const kind = typeof item.kind === 'string' && THOUGHT_KINDS.includes(item.kind) ? (item.kind as ThoughtKind) : undefined;
      const block = { id: newId('b'), type: 'thoughts' as const, text: textOf(item.text) };
      return withExtra(kind ? { ...block, kind } : block, extraOf(item, kind ? THOUGHTS_KIND_KEYS : TEXT_KEYS));
    }
    case 'response': {
      checkTextBlock(item, place, out);
      return withExtra({ id: newId('b'), type: 'response', text: textOf(item.text) }, extraOf(item, TEXT_KEYS));
    }
    case 'tool_calls': {
      if (checkToolCallsBlock(item, place, out).size > 0) return keptWhole(unknownBlock(item), place, out);
      const calls = readObjects(item.calls as unknown[], place.at('calls'), out, decodeBlockCall);
      if (!calls) return keptWhole(unknownBlock(item), place, out);
      return withExtra({ id: newId('b'), type: 'tool_calls', calls }, extraOf(item, CALLS_KEYS));
    }
    case 'tool_outputs': {
      if (checkToolOutputsBlock(item, place, out).size > 0) return keptWhole(unknownBlock(item), place, out);
      const outputs = readObjects(item.outputs as unknown[], place.at('outputs'), out, decodeToolOutput);
      if (!outputs) return keptWhole(unknownBlock(item), place, out);
      return withExtra({ id: newId('b'), type: 'tool_outputs', outputs }, extraOf(item, OUTPUTS_KEYS));
    }
    default:
      // Unknown block types are the format's business (the template rejects them); kept verbatim.
      return unknownBlock(item);
  }
}

/** A block kept whole, as it was (a module function, not a closure made per block). */
function unknownBlock(item: JsonObject): Block {
  return { id: newId('b'), type: 'unknown', sourceType: typeof item.type === 'string' ? item.type : '', raw: item };
}

function keptWhole(block: Block, place: Place, out: Diagnostic[]): Block {
  out.push(problem(place, 'the block is kept as it is, but cannot be edited or rendered'));
  return block;
}

/** Reads an array whose items must be objects; undefined (with a diagnostic) when one is not. */
function readObjects<T extends ToolCall | ToolOutput>(items: unknown[], place: Place, out: Diagnostic[], read: (item: JsonObject, place: Place, out: Diagnostic[]) => T): T[] | undefined {
  const result: T[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const itemPlace = place.at(index);
    if (!isObject(item)) {
      out.push(problem(itemPlace, `expected an object, got ${describeJson(item)}`));
      return undefined;
    }
    result.push(read(item, itemPlace, out));
  }
  return result;
}
