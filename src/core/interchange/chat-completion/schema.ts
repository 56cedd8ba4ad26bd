/** Zod schemas of spec 002 documents, one per node (loose: unknown keys are kept). */
import { z } from 'zod';

const aString = () => z.string({ error: 'expected a string' });
const anArray = () => z.array(z.unknown(), { error: 'expected an array' });

export const documentSchema = z.looseObject(
  { messages: anArray(), tools: anArray().optional() },
  { error: 'expected an object with a "messages" array, or an array of messages' },
);

export const messageSchema = z.looseObject(
  {
    role: aString(),
    contents: z.union([z.string(), anArray()], { error: 'expected an array of parts' }).optional(),
    reasoning: aString().optional(),
    thinking: aString().optional(),
    tool_calls: anArray().optional(),
    tool_call_id: aString().optional(),
    name: aString().optional(),
  },
  { error: 'expected an object' },
);

export const partSchema = z.looseObject({ type: aString() }, { error: 'expected a part object' });

export const toolCallSchema = z.looseObject(
  {
    id: aString().optional(),
    function: z.looseObject({ name: aString() }, { error: 'expected an object with "name" and "arguments"' }),
  },
  { error: 'expected an object' },
);

export const toolSchema = z.looseObject({ description: aString().optional() }, { error: 'expected an object' });
