/**
 * The arguments scan (arguments-scan.ts) says "fits" only where parsing the text and checking
 * the value says so: generated schemas (every keyword `schemaFits` reads, the ones the scan
 * leaves to the parse, inherited names, type lists) against generated argument texts (written
 * by hand: number texts as written, keys twice, escapes, spaces; cut short; other JSON). And it
 * does say "fits" for the plain calls it is there for, or it would save nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsRuleOf, surelyFitsArguments } from './arguments-scan.ts';
import { isPlainObject, schemaFits } from './schema-check.ts';

/** What the scan must agree with when it says "fits": the parse, then the schema check. */
function parsedFits(text: string, schema: unknown): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return isPlainObject(value) && schemaFits(value, schema);
}

function scanFits(text: string, schema: unknown): boolean {
  const rule = argumentsRuleOf(schema);
  return rule !== undefined && surelyFitsArguments(text, rule);
}

const propertySchemas: unknown[] = [
  {},
  { type: 'string' },
  { type: 'integer' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'null' },
  { type: 'array' },
  { type: 'object' },
  { type: 'weird' },
  { type: 'constructor' },
  { type: ['string', 'null'] },
  { type: ['integer', 'boolean'] },
  { type: [1, 2] },
  { type: [] },
  { type: 'string', nullable: true },
  { type: 'string', enum: ['celsius', 'fahrenheit', 'a"b', 'é', 'x\\ny'] },
  { enum: ['a', 1, null] },
  { enum: [] },
  { const: 3 },
  { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  { anyOf: [] },
  { type: 'array', items: { type: 'string' } },
  { type: 'object', properties: { a: { type: 'integer' } } },
  { type: 'object', required: ['a'] },
  { type: 'object', additionalProperties: false },
  { type: 'object', additionalProperties: { type: 'string' } },
  'not a schema',
  null,
];
/** Few keys, so that the texts often name the schema's properties. */
const key = fc.constantFrom('city', 'n', 'toString', '__proto__', 'a"b', 'é', '');
const property = fc.constantFrom(...propertySchemas);
const topSchema: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('object', ['object', 'null'], 'array', undefined, ['string']),
      properties: fc.dictionary(key, property, { maxKeys: 4 }),
      required: fc.array(fc.oneof(key, fc.constant(3)), { maxLength: 3 }),
      additionalProperties: fc.constantFrom(undefined, false, true, { type: 'string' }),
      nullable: fc.constantFrom(undefined, true),
      enum: fc.constantFrom(undefined, [{}]),
      anyOf: fc.constantFrom(undefined, [], [{ type: 'object' }]),
      description: fc.constantFrom(undefined, 'ignored'),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom('not a schema', null, [], {}),
);

const numberText = fc.constantFrom('1', '-0', '0', '1.0', '1e2', '1E+2', '-12', '3.5', '12345678901234567890', '1'.repeat(300), '1'.repeat(301), '1'.repeat(320), '0.0000001', '01', '-', '1.', '.5', '1e');
const stringText = fc.constantFrom('"celsius"', '"fahrenheit"', '"x\\ny"', '"x\\\\ny"', '"a\\"b"', '"\\u0063elsius"', '"é"', '""', '"x\\n"', '"bad\u0001"', '"open');
const scalarText = fc.oneof(numberText, stringText, fc.constantFrom('true', 'false', 'null', 'nul', '[]', '[1,"a"]', '[1]', '{}', '{"a":1}', '{"a":"x"}', '{"b":1}', '[[[1]]]', '{"a":'), fc.json({ maxDepth: 2 }));
const keyText = fc.oneof(key.map((k) => JSON.stringify(k)), fc.constantFrom('"\\u0063ity"', '"ci\\ty"', 'city', '"city'));
const space = fc.constantFrom('', ' ', '\n\t', '\r', '\u00a0', '\ufeff');
/** Objects written by hand: members in any order, some twice, spaces JSON allows and some it does not. */
const writtenObject = fc
  .tuple(fc.array(fc.tuple(keyText, scalarText, space), { maxLength: 5 }), space, space)
  .map(([members, before, after]) => `${before}{${members.map(([k, v, sp]) => `${sp}${k}${sp}:${sp}${v}${sp}`).join(',')}}${after}`);
const argumentsText = fc.oneof(
  writtenObject,
  writtenObject.chain((text) => fc.nat({ max: text.length }).map((n) => text.slice(0, n))),
  fc.json(),
  fc.integer({ min: 60, max: 70 }).map((depth) => `{"a":${'['.repeat(depth)}1${']'.repeat(depth)}}`),
  fc.string({ maxLength: 6 }),
);

describe('arguments scan', () => {
  it('says "fits" only where JSON.parse and schemaFits say so', () => {
    fc.assert(
      fc.property(argumentsText, topSchema, (text, schema) => {
        if (scanFits(text, schema)) expect(parsedFits(text, schema)).toBe(true);
      }),
      { numRuns: 30_000 },
    );
  });

  it('follows each kind of property schema as the parse does', () => {
    // One property of each kind, so that every member of a text meets one.
    const names = propertySchemas.map((_, i) => `p${i}`);
    const schema = { type: 'object', properties: Object.fromEntries(propertySchemas.map((p, i) => [names[i], p])) };
    const member = fc.tuple(fc.constantFrom(...names), scalarText).map(([k, v]) => `"${k}": ${v}`);
    fc.assert(
      fc.property(fc.array(member, { maxLength: 3 }), (members) => {
        const text = `{${members.join(', ')}}`;
        if (scanFits(text, schema)) expect(parsedFits(text, schema)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  const weather = { type: 'object', properties: { city: { type: 'string', description: 'City name.' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer' }, at: { type: ['number', 'null'] } }, required: ['city'] };

  it('says "fits" for plain calls, as the parse does', () => {
    for (const text of ['{"city": "Zurich"}', ' {"city":"Zurich","unit":"celsius","days":3} ', '{\n  "days": -0, "city": "a\\"b", "at": 1.5e3\n}', '{"city": "x", "other": {"deep": [1, 2, {"x": null}]}}', '{"city": "x", "at": null}']) {
      expect(parsedFits(text, weather)).toBe(true);
      expect(scanFits(text, weather)).toBe(true);
    }
    expect(scanFits('{"city": "x", "note": null}', { properties: { city: { type: 'string' }, note: { type: 'string', nullable: true } } })).toBe(true);
    expect(scanFits('{}', { type: 'object', properties: { toString: { type: 'string' } }, required: ['toString', '__proto__'] })).toBe(true);
    expect(scanFits('{"city": "x", "city": "y"}', weather)).toBe(true);
    expect(scanFits('{}', 'not a schema')).toBe(true);
    expect(scanFits('{"anything": [1]}', { type: 'object' })).toBe(true);
  });

  it('leaves to the parse what it cannot be sure of', () => {
    for (const text of [
      '{"days": 3}', // a required property missing
      '{"city": "x", "city": 1}', // given twice, the last does not fit
      '{"city": "x", "unit": "kelvin"}', // not an option
      '{"city": "x", "unit": "\\u0063elsius"}', // an option, written with an escape
      '{"\\u0063ity": "x"}', // a key written with an escape
      '{"city": "x", "days": 1.0}', // an integer, or not, by the value
      '{"city": 1}',
      '[{"city": "x"}]',
      '{"city": "x"} x',
      '',
    ]) {
      expect(scanFits(text, weather)).toBe(false);
    }
    expect(scanFits('{"city": "x"}', { ...weather, additionalProperties: { type: 'string' } })).toBe(false);
    expect(scanFits('{"city": "x"}', { ...weather, anyOf: [{ type: 'object' }] })).toBe(false);
  });
});
