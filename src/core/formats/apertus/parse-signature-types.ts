/**
 * The type text of a signature (what `render_typescript_type` writes) back to a JSON Schema
 * that the template writes the same way. Many schemas share a text; the reader picks one:
 * - `number` is `{"type": "number"}` (never `integer`), `any` is `{}`, `object` is
 *   `{"type": "object"}`;
 * - `a | b` is the type list `["a", "b"]` (so `string | null` is a list, not `nullable`);
 * - `"x" | "y"` is a string enum split at `" | "` (a value containing `" | "` would join to
 *   the same text);
 * - oneOf is flat where it can be: a oneOf variant that is itself a oneOf writes the same text
 *   as its variants in place (nesting is read only where annotations demand it, see
 *   `annotationsAt`);
 * - `X[]` is an array of X; when X's text is `string`, `number` or `boolean` the template's
 *   shortcut decides, and an item schema that would take the shortcut for another text is
 *   wrapped in a one-variant oneOf, which writes its variant's text.
 * Each reader yields every reading (see `signature-search.ts`); the tool-level reader keeps
 * the first whose render is the text.
 */
import { equalsString, toJson } from './jinja-values.ts';
import { scanJsonValue } from './parse-scan.ts';
import type { Alternatives, Schema, Search } from './signature-search.ts';

/** The template's own layout (see signatures.ts). */
const PROPERTY_BREAK = `: \n${' '.repeat(16)}`;
const VARIANT_DEFAULT = `${' '.repeat(20)}// default: `;
const VARIANT_SEPARATOR = ' | \n';
const NULLABLE = ' | null';
/** `render_typescript_type` writes `any[]` instead of an item type longer than this. */
const MAX_ITEM_TYPE_LENGTH = 50;
/** Type names as a type list writes them: `string | number | null`. */
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const KEYWORDS: Readonly<Record<string, Schema>> = { string: { type: 'string' }, number: { type: 'number' }, boolean: { type: 'boolean' }, object: { type: 'object' }, any: {} };
const SHORTCUT_TYPES = ['string', 'number', 'integer', 'boolean'];
/**
 * Where a oneOf variant's description may end: before what can follow a type (another variant,
 * the variant's default, the next nested property or the object's end, the next parameter or
 * the list's end, a parameter default, an array suffix).
 */
const AFTER_DESCRIPTION = [VARIANT_SEPARATOR, VARIANT_DEFAULT, ', ', '}', ',\n', '\n}) => any;', '// default: ', '[]'];
/** What can follow a type: the above, or a variant's description. */
const AFTER_TYPE = [...AFTER_DESCRIPTION, '// '];

/** A property of an object type: name, schema, and whether it is in `required`. */
export interface Property {
  name: string;
  schema: Schema;
  required: boolean;
}

/**
 * Every reading of a type at `pos`: variants joined by ` | \n` are a oneOf (so is a single
 * variant with a description or default); a single plain variant is that type itself.
 */
export function typeAt(s: Search, pos: number): Alternatives<Schema> {
  return s.memo('type', pos, () => typeReadings(s, pos));
}

function* typeReadings(s: Search, pos: number): Alternatives<Schema> {
  for (const [variants, end] of variantsAt(s, pos)) {
    const [only] = variants;
    if (variants.length === 1 && only !== undefined && !isAnnotated(only)) yield [only, end];
    else yield [{ oneOf: variants }, end];
  }
}

function isAnnotated(variant: Schema): boolean {
  return Object.hasOwn(variant, 'description') || Object.hasOwn(variant, 'default');
}

/** Sequences of variants from `pos`, the longer first. */
function variantsAt(s: Search, pos: number): Alternatives<Schema[]> {
  return s.memo('variants', pos, () => variantSequences(s, pos));
}

function* variantSequences(s: Search, pos: number): Alternatives<Schema[]> {
  for (const [variant, end] of variantAt(s, pos)) {
    if (s.at(end, VARIANT_SEPARATOR)) {
      for (const [rest, after] of variantsAt(s, end + VARIANT_SEPARATOR.length)) {
        s.tick(rest.length); // the copy below
        yield [[variant, ...rest], after];
      }
    }
    yield [[variant], end];
  }
}

/** A type other than oneOf: a name, a type list, an enum, an object, with `[]` after any of them. */
function* plainTypeAt(s: Search, pos: number): Alternatives<Schema> {
  const first = s.text[pos];
  const bases = first === '"' ? enumAt(s, pos) : first === '{' ? objectAt(s, pos) : wordsAt(s, pos);
  for (const [schema, end] of bases) yield* withArraySuffix(s, pos, schema, end);
}

/** A type X read from `start` to `end`, after its array readings (`X[]`, `X[] | null`, `X[][]`, …). */
function* withArraySuffix(s: Search, start: number, items: Schema, end: number): Alternatives<Schema> {
  yield* arraysOf(s, start, items, end);
  yield [items, end];
}

/** The arrays of X when `[]` follows the type X read from `start` to `end`. */
function* arraysOf(s: Search, start: number, items: Schema, end: number): Alternatives<Schema> {
  s.tick();
  if (!s.at(end, '[]')) return;
  const array = arrayOf(items, s.text.slice(start, end));
  if (array === undefined) return;
  if (s.at(end + 2, NULLABLE)) yield* withArraySuffix(s, start, { ...array, nullable: true }, end + 2 + NULLABLE.length);
  yield* withArraySuffix(s, start, array, end + 2);
}

/** The array schema whose type text is `itemsText` + `[]`, or undefined when the template never writes it. */
function arrayOf(items: Schema, itemsText: string): Schema | undefined {
  if (itemsText === 'object | object' || itemsText.length > MAX_ITEM_TYPE_LENGTH) return undefined;
  if (itemsText === 'any') return { type: 'array' };
  if (itemsText === 'string' || itemsText === 'number' || itemsText === 'boolean') return { type: 'array', items: { type: itemsText } };
  const takesShortcut = SHORTCUT_TYPES.some((name) => equalsString(items.type, name));
  return { type: 'array', items: takesShortcut ? { oneOf: [items] } : items };
}

/** `string`, `any`, `integer` (a one-item type list), `string | number | null` (a type list). */
function* wordsAt(s: Search, pos: number): Alternatives<Schema> {
  const words: { word: string; end: number }[] = [];
  let at = pos;
  for (;;) {
    WORD.lastIndex = at;
    const match = WORD.exec(s.text);
    if (match === null) break;
    words.push({ word: match[0], end: at + match[0].length });
    at += match[0].length;
    if (!s.at(at, ' | ')) break;
    at += 3;
  }
  // Longest list first: a type list is never followed by ` | ` and a word in any context.
  for (let n = words.length; n >= 1; n--) {
    s.tick();
    const names = words.slice(0, n).map((w) => w.word);
    const end = (words[n - 1] as { end: number }).end;
    if (n > 1) yield [{ type: names }, end];
    else {
      const [name] = names as [string];
      const keyword = Object.hasOwn(KEYWORDS, name) ? KEYWORDS[name] : undefined;
      // A one-item list ["array"] is written as an array type, never as "array".
      if (keyword !== undefined) yield [{ ...keyword }, end];
      else if (name !== 'array') yield [{ type: [name] }, end];
    }
  }
}

/** `"a" | "b"`: every quote followed by what can follow a type may close it (values may hold quotes). */
function* enumAt(s: Search, pos: number): Alternatives<Schema> {
  for (const close of s.indicesOf('"', pos + 1)) {
    if (!AFTER_TYPE.some((next) => s.at(close + 1, next))) continue;
    yield [{ type: 'string', enum: s.text.slice(pos + 1, close).split('" | "') }, close + 1];
  }
}

/** `{\nname?: \n                type, …}`. */
function* objectAt(s: Search, pos: number): Alternatives<Schema> {
  if (!s.at(pos, '{\n')) return;
  for (const [properties, end] of objectPropertiesAt(s, pos + 2)) {
    if (uniqueNames(properties)) yield [objectSchema(properties), end];
  }
}

function objectPropertiesAt(s: Search, pos: number): Alternatives<Property[]> {
  return s.memo('object-properties', pos, () => objectPropertyLists(s, pos));
}

function* objectPropertyLists(s: Search, pos: number): Alternatives<Property[]> {
  for (const colon of s.indicesOf(PROPERTY_BREAK, pos)) {
    for (const [name, required] of nameReadings(s, s.text.slice(pos, colon))) {
      for (const [schema, end] of typeAt(s, colon + PROPERTY_BREAK.length)) {
        const property: Property = { name, schema, required };
        if (s.at(end, ', ')) {
          for (const [rest, after] of objectPropertiesAt(s, end + 2)) {
            s.tick(rest.length);
            yield [[property, ...rest], after];
          }
        }
        if (s.at(end, '}')) yield [[property], end + 1];
      }
    }
  }
}

/** An object's properties have distinct names (a reading that repeats one is not the text's). */
export function uniqueNames(properties: readonly Property[]): boolean {
  return new Set(properties.map((p) => p.name)).size === properties.length;
}

/**
 * `name?` is an optional `name` or a required `name?`; optional first. A property named
 * "items" makes the reference fail, so it is never a reading; nor is a name the search does
 * not allow (see `Search.allowsName`).
 */
export function nameReadings(s: Search, raw: string): [name: string, required: boolean][] {
  if (!s.allowsName(raw)) return [];
  const readings: [string, boolean][] = raw.endsWith('?') ? [[raw.slice(0, -1), false], [raw, true]] : [[raw, true]];
  return readings.filter(([name]) => name !== 'items');
}

/** `{"type": "object", "properties": {…}, "required": [the required names]}`. */
export function objectSchema(properties: readonly Property[]): Schema {
  const schema: Schema = { type: 'object', properties: Object.fromEntries(properties.map((p) => [p.name, p.schema])) };
  const required = properties.filter((p) => p.required).map((p) => p.name);
  if (required.length > 0) schema.required = required;
  return schema;
}

/** A plain type and what the template writes after it in a oneOf (see `annotationsAt`). */
function* variantAt(s: Search, pos: number): Alternatives<Schema> {
  for (const [type, end] of plainTypeAt(s, pos)) yield* annotationsAt(s, pos, type, end);
}

/**
 * A variant read from `start` to `pos`, then maybe `// description` (glued to it), then maybe
 * 20 spaces and `// default: json`. After a default, more of these mean a variant that is
 * itself a oneOf: the template writes a one-variant oneOf as its variant, then the oneOf's own
 * description and default, so each further layer wraps what was read so far. An annotated
 * variant followed by `[]` is the item type of an array (a one-variant oneOf again: the array
 * writes its item type's text, annotations included).
 */
function* annotationsAt(s: Search, start: number, variant: Schema, pos: number): Alternatives<Schema> {
  yield [variant, pos];
  if (isAnnotated(variant)) {
    for (const [array, end] of arraysOf(s, start, { oneOf: [variant] }, pos)) yield* annotationsAt(s, start, array, end);
  }
  const layer = Object.hasOwn(variant, 'default') ? { oneOf: [variant] } : variant;
  if (s.at(pos, VARIANT_DEFAULT)) {
    const value = tojsonValueAt(s, pos + VARIANT_DEFAULT.length);
    if (value !== undefined) yield* annotationsAt(s, start, { ...layer, default: value.value }, value.end);
  }
  // A second description right after a first is read as part of it (the same text).
  if (!s.at(pos, '// ') || Object.hasOwn(layer, 'description')) return;
  const descriptionStart = pos + 3;
  for (let close = descriptionStart + 1; close <= s.text.length; close++) {
    s.tick();
    if (close < s.text.length && !AFTER_DESCRIPTION.some((next) => s.at(close, next))) continue;
    yield* annotationsAt(s, start, { ...layer, description: s.text.slice(descriptionStart, close) }, close);
  }
}

/** A value written by `tojson` at `pos` (its text must be exactly what `tojson` writes of it). */
export function tojsonValueAt(s: Search, pos: number): { value: unknown; end: number } | undefined {
  const end = scanJsonValue(s.text, pos);
  if (end === -1 || /\s/.test(s.text[pos] ?? '')) return undefined;
  const text = s.text.slice(pos, end);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return toJson(value) === text ? { value, end } : undefined;
}
