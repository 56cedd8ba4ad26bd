/**
 * `schemaFits` (schema-check.ts) is `checkAgainstSchema(value, schema).length === 0` without
 * making a problem: checked on generated values against schemas that use every keyword the
 * checker reads (and some it ignores), nested, with inherited names and type lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAgainstSchema, schemaFits } from './schema-check.ts';

const leaf: unknown[] = [
  {},
  { type: 'string' },
  { type: 'integer' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'null' },
  { type: 'array' },
  { type: 'object' },
  { type: 'weird' },
  { type: ['string', 'null'] },
  { type: [1, 2] },
  { type: [] },
  { type: 'string', nullable: true },
  { enum: ['a', 1, null, { x: [1] }] },
  { const: 3 },
  { const: { a: [1, 'b'] } },
  { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  { oneOf: [{ type: 'object', required: ['a'] }, { type: 'array', items: { type: 'integer' } }] },
  { anyOf: [] },
  { type: 'array', items: { type: 'string' } },
  'not a schema',
  null,
];
const key = fc.constantFrom('a', 'b', 'city', 'toString', '__proto__', 'a"b', 'é', '');
const schema: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...leaf),
    fc.record(
      {
        type: fc.constantFrom('object', ['object', 'null'], undefined),
        properties: fc.dictionary(key, tie('schema')),
        required: fc.array(fc.oneof(key, fc.constant(7)), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.constant(false), fc.constant(true), tie('schema')),
        nullable: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    fc.record({ type: fc.constant('array'), items: tie('schema') }, { requiredKeys: ['items'] }),
    fc.record({ anyOf: fc.array(tie('schema'), { maxLength: 3 }) }),
  ),
})).schema;
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a', '', 1, 3, -0, 1.5, true, false, null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('schemaFits', () => {
  it('says exactly whether checkAgainstSchema finds no problem', () => {
    fc.assert(
      fc.property(value, schema, (v, s) => {
        expect(schemaFits(v, s)).toBe(checkAgainstSchema(v, s).length === 0);
      }),
      { numRuns: 20_000 },
    );
  });

  it('stops where checkAgainstSchema stops: past its depth limit a schema says nothing', () => {
    let deep: unknown = { type: 'string' };
    let input: unknown = 5;
    for (let i = 0; i < 80; i++) {
      deep = { type: 'object', properties: { a: deep }, required: ['a'] };
      input = { a: input };
    }
    expect(schemaFits(input, deep)).toBe(checkAgainstSchema(input, deep).length === 0);
    expect(schemaFits({ a: 1 }, { type: 'object', properties: { a: { type: 'string' } } })).toBe(false);
    expect(schemaFits({}, { required: ['toString'] })).toBe(true);
  });
});
