/** Each node check gives exactly what `check` gives with its node's schema, whatever the value. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { Place } from '../../model/path.ts';
import { check } from './issues.ts';
import { checkBlock, checkBlockCall, checkContentForm, checkMessage, checkTextBlock, checkTextPart, checkToolCallsBlock, checkToolOutput, checkToolOutputsBlock } from './node-checks.ts';
import { blockCallSchema, blockSchema, contentFormSchemas, messageSchema, textBlockSchema, textPartSchema, toolCallsBlockSchema, toolOutputSchema, toolOutputsBlockSchema } from './schema.ts';

type NodeCheck = (value: unknown, place: Place, out: Diagnostic[]) => ReadonlySet<string>;

const PAIRS: [string, NodeCheck, z.ZodType][] = [
  ['message', checkMessage, messageSchema],
  ['text form', (v, p, o) => checkContentForm('text', v, p, o), contentFormSchemas.text],
  ['parts form', (v, p, o) => checkContentForm('parts', v, p, o), contentFormSchemas.parts],
  ['blocks form', (v, p, o) => checkContentForm('blocks', v, p, o), contentFormSchemas.blocks],
  ['text part', checkTextPart, textPartSchema],
  ['block', checkBlock, blockSchema],
  ['text block', checkTextBlock, textBlockSchema],
  ['tool_calls block', checkToolCallsBlock, toolCallsBlockSchema],
  ['tool_outputs block', checkToolOutputsBlock, toolOutputsBlockSchema],
  ['block call', checkBlockCall, blockCallSchema],
  ['tool output', checkToolOutput, toolOutputSchema],
];

const KEYS = ['role', 'content', 'name', 'tool_call_id', 'is_error', 'text', 'parts', 'blocks', 'type', 'calls', 'outputs', 'arguments', 'id', 'output'];
const leaf = fc.oneof(fc.constantFrom('text', 'thoughts', 'user'), fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
const node = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(leaf, fc.dictionary(fc.constantFrom(...KEYS), leaf, { maxKeys: 3 }), fc.array(leaf, { maxLength: 2 })), { maxKeys: 6 });

describe('node checks', () => {
  it.each(PAIRS)('%s: the same failures and diagnostics as check with its schema', (_name, nodeCheck, schema) => {
    const place = new Place().at('messages').at(0);
    fc.assert(
      fc.property(fc.oneof(node, leaf), (value) => {
        const mine: Diagnostic[] = [];
        const theirs: Diagnostic[] = [];
        expect([...nodeCheck(value, place, mine)]).toEqual([...check(schema, value, place, theirs)]);
        expect(mine).toEqual(theirs);
      }),
      { numRuns: 400 },
    );
  });
});
