/** The hand-written twins of the node schemas never accept what zod rejects, and do accept ordinary nodes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { QUICK_SCHEMAS, surelyAccepts } from './schema-quick.ts';
import { blockCallSchema, messageSchema, toolOutputSchema } from './schema.ts';

const KEYS = ['role', 'content', 'name', 'tool_call_id', 'is_error', 'messages', 'text', 'parts', 'blocks', 'type', 'url', 'media_type', 'value', 'prefix', 'middle', 'suffix', 'calls', 'outputs', 'arguments', 'id', 'output', 'function', 'description'];
const TYPES = ['text', 'image', 'value', 'fim', 'function', 'thoughts', 'response', 'tool_calls'];

/** Values of every JSON kind, with the strings the schemas look for. */
const leaf = fc.oneof(fc.constantFrom(...TYPES), fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const node = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(leaf, fc.dictionary(fc.constantFrom(...KEYS), leaf, { maxKeys: 3 }), fc.array(leaf, { maxLength: 2 })), { maxKeys: 6 });
const anything = fc.oneof(node, leaf);

describe('quick schema twins', () => {
  it.each(QUICK_SCHEMAS.map((schema, index) => [index, schema] as [number, z.ZodType]))('twin %i never accepts what its schema rejects', (_index, schema) => {
    fc.assert(
      fc.property(anything, (value) => {
        if (surelyAccepts(schema, value)) expect(schema.safeParse(value).success).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts ordinary nodes without zod', () => {
    expect(surelyAccepts(messageSchema, { role: 'user', content: 'hi' })).toBe(true);
    expect(surelyAccepts(messageSchema, { role: 'assistant', content: { blocks: [] }, tool_calls: [] })).toBe(true);
    expect(surelyAccepts(blockCallSchema, { name: 'f', arguments: '{}' })).toBe(true);
    expect(surelyAccepts(toolOutputSchema, { output: '4' })).toBe(true);
  });

  it('leaves nodes with a problem to zod', () => {
    expect(surelyAccepts(messageSchema, { role: 3 })).toBe(false);
    expect(surelyAccepts(messageSchema, ['role'])).toBe(false);
    expect(surelyAccepts(blockCallSchema, { name: 'f', arguments: 1 })).toBe(false);
    expect(surelyAccepts(toolOutputSchema, { output: '4', is_error: 'yes' })).toBe(false);
  });
});
