/**
 * Zod schemas of Apertus JSON (spec 000), one per kind of node. They are loose on purpose:
 * unknown keys are allowed (the decoder keeps them in `extra`), and each schema checks only the
 * fields of its own node, so that the decoder can walk the tree, keep what the model can hold
 * and report every problem with its exact path. Each check carries the phrase used in the
 * diagnostic ("expected a string"); `issues.ts` adds the path and what was found instead.
 */
import { z } from 'zod';

const aString = () => z.string({ error: 'expected a string' });
const anArray = () => z.array(z.unknown(), { error: 'expected an array' });
const anObject = () => z.looseObject({}, { error: 'expected an object' });

/** The top level: `{"messages": [...], "tools": [...]}` (a bare messages array is handled before). */
export const documentSchema = z.looseObject(
  {
    messages: anArray(),
  },
  { error: 'expected an object with a "messages" array, or an array of messages' },
);

/** A message: only `role` is structural (a message without a readable role cannot be placed). */
export const messageSchema = z.looseObject(
  {
    role: aString(),
    content: z.union([z.string(), z.null(), anObject()], { error: 'expected a string, null or an object' }).optional(),
    name: aString().optional(),
    tool_call_id: aString().optional(),
    is_error: z.boolean({ error: 'expected true or false' }).optional(),
  },
  { error: 'expected an object' },
);

/**
 * Mapping content: `{"text"}` (system), `{"parts"}` (user) or `{"blocks"}` (assistant). Only the
 * form the template reads is checked; the other keys of the mapping are kept raw.
 */
export const contentFormSchemas = {
  text: z.looseObject({ text: aString() }),
  parts: z.looseObject({ parts: anArray() }),
  blocks: z.looseObject({ blocks: anArray() }),
} as const;

export const textPartSchema = z.looseObject({ type: z.literal('text'), text: aString() });
export const imagePartSchema = z.looseObject({ type: z.literal('image'), url: aString(), media_type: aString().optional() });
export const valuePartSchema = z.looseObject({ type: z.literal('value'), value: z.unknown() });
export const fimPartSchema = z.looseObject({ type: z.literal('fim'), prefix: aString(), middle: aString(), suffix: aString() });

/** Any block: an object with a string `type`; the type picks the schema below. */
export const blockSchema = z.looseObject({ type: aString() }, { error: 'expected an object' });
export const textBlockSchema = z.looseObject({ text: aString() });
export const toolCallsBlockSchema = z.looseObject({ calls: anArray() });
export const toolOutputsBlockSchema = z.looseObject({ outputs: anArray() });

/** A call inside a `tool_calls` block: `{"name", "arguments"}` (+ Parley's optional `id`). */
export const blockCallSchema = z.looseObject(
  {
    name: aString(),
    arguments: z.union([z.string(), anObject()], { error: 'expected a string or an object' }),
    id: aString().optional(),
    type: aString().optional(),
  },
  { error: 'expected an object' },
);

export const toolOutputSchema = z.looseObject(
  {
    output: aString(),
    tool_call_id: aString().optional(),
    name: aString().optional(),
    is_error: z.boolean({ error: 'expected true or false' }).optional(),
  },
  { error: 'expected an object' },
);

/** A legacy OpenAI-style call in a message's `tool_calls`: `{type, id?, function: {name, arguments}}`. */
export const legacyCallSchema = z.looseObject(
  {
    type: aString().optional(),
    id: aString().optional(),
    function: z.looseObject(
      {
        name: aString(),
        arguments: z.union([z.string(), anObject()], { error: 'expected a string or an object' }),
      },
      { error: 'expected an object' },
    ),
  },
  { error: 'expected an object' },
);

/** A tool definition, flat `{name, description, parameters}` … */
export const flatToolSchema = z.looseObject(
  {
    name: aString(),
    description: aString().optional(),
  },
  { error: 'expected an object' },
);

/** … or OpenAI-nested `{"type": "function", "function": {…}}`. */
export const nestedToolSchema = z.looseObject({
  type: z.literal('function', { error: 'expected "function"' }),
  function: anObject(),
});

/** What a valid Apertus JSON document looks like (the encoder's output). */
export interface ApertusJsonCall {
  name: string;
  arguments: string | Record<string, unknown>;
  [key: string]: unknown;
}
export interface ApertusJsonMessage {
  role: string;
  content?: string | null | Record<string, unknown>;
  [key: string]: unknown;
}
export interface ApertusJsonDocument {
  messages: ApertusJsonMessage[];
  tools?: unknown[];
  [key: string]: unknown;
}
