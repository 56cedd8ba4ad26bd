/** Zod schemas of OpenAI Responses request JSON, one per node (loose: unknown keys are kept). */
import { z } from 'zod';

const aString = () => z.string({ error: 'expected a string' });
const anArray = () => z.array(z.unknown(), { error: 'expected an array' });

export const documentSchema = z.looseObject(
  {
    input: z.union([z.string(), anArray()], { error: 'expected a string or an array of input items' }),
    instructions: z.union([z.string(), z.null()], { error: 'expected a string' }).optional(),
    tools: anArray().optional(),
  },
  { error: 'expected an object with "input"' },
);

export const itemSchema = z.looseObject({ type: aString().optional() }, { error: 'expected an input item object' });
export const messageSchema = z.looseObject({
  role: aString(),
  content: z.union([z.string(), anArray()], { error: 'expected a string or an array of content parts' }),
});
export const partSchema = z.looseObject({ type: aString() }, { error: 'expected a content part object' });
export const textPartSchema = z.looseObject({ text: aString() });
export const functionCallSchema = z.looseObject({ call_id: aString(), name: aString(), arguments: aString() });
export const functionCallOutputSchema = z.looseObject({ call_id: aString(), output: z.union([z.string(), anArray()], { error: 'expected a string or an array of content parts' }) });
export const reasoningSchema = z.looseObject({
  summary: z.array(z.looseObject({ type: aString(), text: aString() }, { error: 'expected a summary part object' }), { error: 'expected an array' }),
});
export const toolSchema = z.looseObject({ type: aString() }, { error: 'expected an object' });
export const functionToolSchema = z.looseObject({ name: aString(), description: z.union([z.string(), z.null()], { error: 'expected a string' }).optional() });
