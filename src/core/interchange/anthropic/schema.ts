/** Zod schemas of Anthropic Messages request JSON, one per node (loose: unknown keys are kept). */
import { z } from 'zod';

const aString = () => z.string({ error: 'expected a string' });
const anArray = () => z.array(z.unknown(), { error: 'expected an array' });

export const documentSchema = z.looseObject(
  {
    messages: anArray(),
    system: z.union([z.string(), anArray()], { error: 'expected a string or an array of text blocks' }).optional(),
    tools: anArray().optional(),
  },
  { error: 'expected an object with a "messages" array' },
);

export const messageSchema = z.looseObject(
  { role: aString(), content: z.union([z.string(), anArray()], { error: 'expected a string or an array of content blocks' }) },
  { error: 'expected an object' },
);

export const blockSchema = z.looseObject({ type: aString() }, { error: 'expected a content block object' });
export const textBlockSchema = z.looseObject({ text: aString() });
export const thinkingBlockSchema = z.looseObject({ thinking: aString() });
export const toolUseSchema = z.looseObject({ id: aString(), name: aString(), input: z.looseObject({}, { error: 'expected an object' }) });
export const toolResultSchema = z.looseObject({
  tool_use_id: aString(),
  content: z.union([z.string(), anArray()], { error: 'expected a string or an array of content blocks' }).optional(),
  is_error: z.boolean({ error: 'expected true or false' }).optional(),
});
export const imageSchema = z.looseObject({ source: z.looseObject({ type: aString() }, { error: 'expected an object' }) });
export const base64SourceSchema = z.looseObject({ media_type: aString(), data: aString() });
export const urlSourceSchema = z.looseObject({ url: aString() });

export const toolSchema = z.looseObject({ name: aString(), description: aString().optional() }, { error: 'expected an object with a "name"' });
