/** `surelyPlainMessage` vouches only for messages that `messageSchema` accepts, and for most of them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageSchema, surelyPlainMessage } from './schema.ts';

const field = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 }), fc.dictionary(fc.constantFrom('name', 'arguments', 'x'), fc.string({ maxLength: 2 }), { maxKeys: 2 }));
const message = fc.record(
  { role: fc.oneof(fc.constantFrom('user', 'assistant', 'tool'), fc.integer()), content: field, name: field, tool_call_id: field, tool_calls: field, function_call: field, extra: field },
  { requiredKeys: ['role'] },
);

describe('surelyPlainMessage', () => {
  it('says yes only where the schema passes, and wherever it passes without a function_call', () => {
    fc.assert(
      fc.property(message, (item) => {
        const passes = messageSchema.safeParse(item).success;
        const sure = surelyPlainMessage(item);
        if (sure) expect(passes).toBe(true);
        if (item.function_call === undefined) expect(sure).toBe(passes);
      }),
      { numRuns: 5_000 },
    );
  });

  it('leaves a legacy function_call to the schema', () => {
    expect(surelyPlainMessage({ role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } })).toBe(false);
  });
});
