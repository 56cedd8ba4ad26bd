/**
 * Hand-written twins of the node schemas of `schema.ts` for the common case, a node without
 * problems: each says `true` only when its schema surely accepts the value, so that zod runs
 * only to word the problems of a node that may have some (`issues.ts`). Running zod on every
 * node of every message was a large share of reading a data set (parley validate, render
 * --jsonl); the diagnostics are zod's as before, since zod still checks every node these do
 * not accept. Each twin may say `false` for a value its schema accepts (zod then decides),
 * never `true` for one it rejects: `schema-quick.test.ts` checks them against zod.
 */
import type { z } from 'zod';
import {
  blockCallSchema,
  blockSchema,
  contentFormSchemas,
  documentSchema,
  fimPartSchema,
  flatToolSchema,
  imagePartSchema,
  legacyCallSchema,
  messageSchema,
  nestedToolSchema,
  textBlockSchema,
  textPartSchema,
  toolCallsBlockSchema,
  toolOutputSchema,
  toolOutputsBlockSchema,
  valuePartSchema,
} from './schema.ts';

type Node = Record<string, unknown>;

/** What zod's object schemas take: an object that is not an array (and not null). */
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const optional = (value: unknown, test: (v: unknown) => boolean): boolean => value === undefined || test(value);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isArguments = (value: unknown): boolean => isString(value) || isNode(value);
/** Message content (a predicate made once, not a closure per message). */
const isContent = (value: unknown): boolean => value === null || isString(value) || isNode(value);

// Each twin tests its optional fields itself (`x === undefined || test(x)`) rather than through
// one shared helper: a test called from one place stays a direct call (decoding calls them for
// every node).

export const quickMessage = (v: unknown): boolean =>
  isNode(v) &&
  isString(v.role) &&
  (v.content === undefined || isContent(v.content)) &&
  (v.name === undefined || isString(v.name)) &&
  (v.tool_call_id === undefined || isString(v.tool_call_id)) &&
  (v.is_error === undefined || isBoolean(v.is_error));
export const quickTextForm = (v: unknown): boolean => isNode(v) && isString(v.text);
export const quickPartsForm = (v: unknown): boolean => isNode(v) && Array.isArray(v.parts);
export const quickBlocksForm = (v: unknown): boolean => isNode(v) && Array.isArray(v.blocks);
export const quickTextPart = (v: unknown): boolean => isNode(v) && v.type === 'text' && isString(v.text);
export const quickBlock = (v: unknown): boolean => isNode(v) && isString(v.type);
export const quickTextBlock = (v: unknown): boolean => isNode(v) && isString(v.text);
export const quickToolCallsBlock = (v: unknown): boolean => isNode(v) && Array.isArray(v.calls);
export const quickToolOutputsBlock = (v: unknown): boolean => isNode(v) && Array.isArray(v.outputs);
export const quickBlockCall = (v: unknown): boolean =>
  isNode(v) && isString(v.name) && isArguments(v.arguments) && (v.id === undefined || isString(v.id)) && (v.type === undefined || isString(v.type));
export const quickToolOutput = (v: unknown): boolean =>
  isNode(v) &&
  isString(v.output) &&
  (v.tool_call_id === undefined || isString(v.tool_call_id)) &&
  (v.name === undefined || isString(v.name)) &&
  (v.is_error === undefined || isBoolean(v.is_error));

const QUICK = new Map<z.ZodType, (value: unknown) => boolean>([
  [documentSchema, (v) => isNode(v) && Array.isArray(v.messages)],
  [messageSchema, quickMessage],
  [contentFormSchemas.text, quickTextForm],
  [contentFormSchemas.parts, quickPartsForm],
  [contentFormSchemas.blocks, quickBlocksForm],
  [textPartSchema, quickTextPart],
  [imagePartSchema, (v) => isNode(v) && v.type === 'image' && isString(v.url) && optional(v.media_type, isString)],
  [valuePartSchema, (v) => isNode(v) && v.type === 'value' && Object.hasOwn(v, 'value')],
  [fimPartSchema, (v) => isNode(v) && v.type === 'fim' && isString(v.prefix) && isString(v.middle) && isString(v.suffix)],
  [blockSchema, quickBlock],
  [textBlockSchema, quickTextBlock],
  [toolCallsBlockSchema, quickToolCallsBlock],
  [toolOutputsBlockSchema, quickToolOutputsBlock],
  [blockCallSchema, quickBlockCall],
  [toolOutputSchema, quickToolOutput],
  [
    legacyCallSchema,
    (v) => isNode(v) && optional(v.type, isString) && optional(v.id, isString) && isNode(v.function) && isString(v.function.name) && isArguments(v.function.arguments),
  ],
  [flatToolSchema, (v) => isNode(v) && isString(v.name) && optional(v.description, isString)],
  [nestedToolSchema, (v) => isNode(v) && v.type === 'function' && isNode(v.function)],
]);

/** True when `schema` surely accepts `value` without running it; false when zod must decide. */
export function surelyAccepts(schema: z.ZodType, value: unknown): boolean {
  const quick = QUICK.get(schema);
  return quick !== undefined && quick(value);
}

/** The schemas that have a twin (for the test that compares them with zod). */
export const QUICK_SCHEMAS: readonly z.ZodType[] = [...QUICK.keys()];
