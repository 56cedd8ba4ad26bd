/**
 * Zod schemas of OpenAI Chat Completions request JSON, one per node. Loose on purpose: unknown
 * keys are allowed (kept in `extra`), and each schema checks only its own node so the decoder
 * can report every problem with its exact path and keep what it cannot read.
 */
import { z } from 'zod';

const aString = () => z.string({ error: 'expected a string' });
const anArray = () => z.array(z.unknown(), { error: 'expected an array' });

export const documentSchema = z.looseObject(
  { messages: anArray(), tools: anArray().optional(), functions: anArray().optional() },
  { error: 'expected an object with a "messages" array, or an array of messages' },
);

export const messageSchema = z.looseObject(
  {
    role: aString(),
    content: z.union([z.string(), z.null(), anArray()], { error: 'expected a string, null or an array of content parts' }).optional(),
    name: aString().optional(),
    tool_call_id: aString().optional(),
    tool_calls: anArray().optional(),
    function_call: z.looseObject({ name: aString(), arguments: z.union([z.string(), z.looseObject({})], { error: 'expected a string' }) }, { error: 'expected an object' }).optional(),
  },
  { error: 'expected an object' },
);

/**
 * Whether a message with a string `role` surely passes `messageSchema`, said without running it:
 * the fields it types are absent or of their type, and there is no legacy `function_call`
 * (left to the schema). Every message of a data set is read, and the schema's parse, which
 * copies the object, made about a seventh of the dataset worker's garbage; a message this does
 * not vouch for goes to the schema (schema.test.ts checks that it never vouches wrongly).
 */
export function surelyPlainMessage(item: Record<string, unknown>): boolean {
  const { content, name, tool_call_id: callId, tool_calls: calls } = item;
  return (
    typeof item.role === 'string' &&
    (content === undefined || content === null || typeof content === 'string' || Array.isArray(content)) &&
    (name === undefined || typeof name === 'string') &&
    (callId === undefined || typeof callId === 'string') &&
    (calls === undefined || Array.isArray(calls)) &&
    item.function_call === undefined
  );
}

export const partSchema = z.looseObject({ type: aString() }, { error: 'expected a content part object' });
export const textPartSchema = z.looseObject({ text: aString() });
export const imagePartSchema = z.looseObject({
  image_url: z.union([aString(), z.looseObject({ url: aString() })], { error: 'expected an object with a "url"' }),
});

export const toolCallSchema = z.looseObject(
  {
    id: aString().optional(),
    type: aString().optional(),
    function: z.looseObject(
      { name: aString(), arguments: z.union([z.string(), z.looseObject({})], { error: 'expected a string' }) },
      { error: 'expected an object with "name" and "arguments"' },
    ),
  },
  { error: 'expected an object' },
);

export const toolSchema = z.looseObject({ type: aString() }, { error: 'expected an object' });
export const functionSchema = z.looseObject(
  { name: aString(), description: aString().optional() },
  { error: 'expected an object with a "name"' },
);
