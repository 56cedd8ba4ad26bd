/**
 * The parameter list of a signature, `(_: {\n` … `}) => any;`, back to the `parameters` JSON
 * Schema: one line per property, `// description` on the line before when it has one, then
 * `name?: type`, then maybe a default, in one of the template's three spellings:
 * - `, // default: ` + tojson(value): the schema has neither `enum` nor `oneOf`;
 * - `, // default: ` + value as text: the schema has an `enum`;
 * - `// default: ` + value as text: the schema has a `oneOf` and no `enum`.
 * A default written as text is read as that string (a string renders as itself). The schema is
 * adjusted so that the template picks the spelling seen, without changing how its type is
 * written: an `enum` is added where the type ignores it (everywhere but a plain `string`, which
 * becomes the one-item type list `["string"]`); a schema without `oneOf` is wrapped in a
 * one-variant oneOf, which writes its variant's type.
 */
import { truthy } from './jinja-values.ts';
import { nameReadings, objectSchema, tojsonValueAt, typeAt, uniqueNames, type Property } from './parse-signature-types.ts';
import type { Alternatives, Schema, Search } from './signature-search.ts';

const JSON_DEFAULT = ', // default: ';
const TEXT_DEFAULT_AFTER_ONE_OF = '// default: ';
/** What ends the parameter list (the last property's line break included). */
export const PARAMETERS_END = '\n}) => any;';

/** Every reading of the properties from `pos`; each ends just before `}) => any;`. */
export function* parametersAt(s: Search, pos: number): Alternatives<Schema> {
  for (const [properties, end] of propertiesAt(s, pos)) {
    if (uniqueNames(properties)) yield [objectSchema(properties), end];
  }
}

function propertiesAt(s: Search, pos: number): Alternatives<Property[]> {
  return s.memo('parameters', pos, () => propertyLists(s, pos));
}

function* propertyLists(s: Search, pos: number): Alternatives<Property[]> {
  for (const [property, end] of propertyAt(s, pos)) {
    if (s.at(end, ',\n')) {
      for (const [rest, after] of propertiesAt(s, end + 2)) {
        s.tick(rest.length);
        yield [[property, ...rest], after];
      }
    }
    if (s.at(end, PARAMETERS_END)) yield [[property], end + 1];
  }
}

/** With a description line (only a non-empty description is written), then without one. */
function* propertyAt(s: Search, pos: number): Alternatives<Property> {
  if (s.at(pos, '// ')) {
    for (const lineEnd of s.indicesOf('\n', pos + 4)) yield* propertyBodyAt(s, lineEnd + 1, s.text.slice(pos + 3, lineEnd));
  }
  yield* propertyBodyAt(s, pos, undefined);
}

function* propertyBodyAt(s: Search, pos: number, description: string | undefined): Alternatives<Property> {
  for (const colon of s.indicesOf(': ', pos)) {
    for (const [name, required] of nameReadings(s, s.text.slice(pos, colon))) {
      for (const [type, end] of typeAt(s, colon + 2)) {
        const schema = description === undefined ? type : { ...type, description };
        yield [{ name, required, schema }, end];
        for (const [withDefault, after] of defaultAt(s, schema, end)) yield [{ name, required, schema: withDefault }, after];
      }
    }
  }
}

function* defaultAt(s: Search, schema: Schema, pos: number): Alternatives<Schema> {
  if (s.at(pos, JSON_DEFAULT)) {
    const start = pos + JSON_DEFAULT.length;
    if (!truthy(schema.enum) && !truthy(schema.oneOf)) {
      const value = tojsonValueAt(s, start);
      if (value !== undefined) yield [{ ...schema, default: value.value }, value.end];
    }
    for (const end of textDefaultEnds(s, start)) yield [withEnumDefault(schema, s.text.slice(start, end)), end];
  }
  if (s.at(pos, TEXT_DEFAULT_AFTER_ONE_OF)) {
    const start = pos + TEXT_DEFAULT_AFTER_ONE_OF.length;
    for (const end of textDefaultEnds(s, start)) yield [withOneOfDefault(schema, s.text.slice(start, end)), end];
  }
}

/** Where a default written as text may end: before `,\n` (another property) or the list's end. */
function* textDefaultEnds(s: Search, start: number): Generator<number, void, undefined> {
  for (const lineBreak of s.indicesOf('\n', start)) {
    if (lineBreak - 1 >= start && s.text[lineBreak - 1] === ',') yield lineBreak - 1;
    if (s.at(lineBreak, PARAMETERS_END)) yield lineBreak;
  }
}

/** The schema with `default` written as text after `, // default: `: it needs a truthy `enum`. */
export function withEnumDefault(schema: Schema, value: string): Schema {
  if (truthy(schema.enum)) return { ...schema, default: value };
  // A plain string type would write the enum instead of "string": the one-item list does not.
  if (schema.type === 'string' && !truthy(schema.oneOf)) return { ...schema, type: ['string'], enum: [value], default: value };
  return { ...schema, enum: [value], default: value };
}

/** The schema with `default` written as text after `// default: `: it needs `oneOf` and no `enum`. */
export function withOneOfDefault(schema: Schema, value: string): Schema {
  if (truthy(schema.oneOf) && !truthy(schema.enum)) return { ...schema, default: value };
  const { description, ...type } = schema;
  const wrapped: Schema = { oneOf: [type], default: value };
  if (description !== undefined) wrapped.description = description;
  return wrapped;
}
