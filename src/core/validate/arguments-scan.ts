/**
 * Whether a tool call's arguments text surely fits its tool's parameters schema, found by one
 * scan of the text that makes nothing: no value, no string, no result object. The clean check
 * (clean-check/apertus.ts, through `isCleanToolCall`) asks this of every call of a data set, and
 * `JSON.parse` of each small arguments text, then `schemaFits` on the value, were the largest
 * share of `parley validate`'s own work after the line's parse (BENCHMARKS.md, issue 21).
 *
 * `true` means exactly what `JSON.parse(text)` being a plain object and `schemaFits(value,
 * schema)` would say; `false` means "not sure", and the caller parses the text and checks the
 * value (so a `false` never decides anything by itself). The scan follows the schemas tools
 * have in practice: an object of named properties, each with `type` (a name or a list),
 * `nullable`, an `enum` of strings, `required` and `additionalProperties: false`. Anything else
 * it is not sure of: `anyOf`/`oneOf`/`const`, an enum with other values, a schema for the
 * additional properties, a container value whose inside the schema checks (nested
 * `properties`, `items`), a number that may or may not be an integer (`1.0`, `1e2`) where the
 * schema tells them apart, a key written with an escape. `arguments-scan.test.ts` checks it
 * against the parse and `schemaFits`.
 */
import { isPlainObject } from './schema-check.ts';
import { scanJsonValue, skipSpace } from './json-surely.ts';

/** JSON types of a value, as bits: what a `type` keyword lets through. */
const NULL = 1;
const BOOLEAN = 2;
/** A number whose value is an integer (`Number.isInteger`): JSON Schema's "integer". */
const INTEGER = 4;
/** A number whose value is not an integer (a fraction, or too large: Infinity). */
const FRACTION = 8;
const STRING = 16;
const ARRAY = 32;
const OBJECT = 64;
const ANY_TYPE = NULL | BOOLEAN | INTEGER | FRACTION | STRING | ARRAY | OBJECT;

/** Type names and their bits (a Map: a name such as "constructor" must not find Object's). */
const TYPE_BITS: ReadonlyMap<string, number> = new Map([
  ['null', NULL],
  ['boolean', BOOLEAN],
  ['integer', INTEGER],
  ['number', INTEGER | FRACTION],
  ['string', STRING],
  ['array', ARRAY],
  ['object', OBJECT],
]);

/**
 * Properties followed per schema: the scan remembers which it has seen in the bits of one
 * number (31 usable), so that a call makes no list. A schema with more is left to the parse.
 */
const MAX_PROPERTIES = 30;

/**
 * Digits of an integer literal that surely parses to a finite integer (`Number.MAX_VALUE` has
 * 309 digits; past it `JSON.parse` gives Infinity, which is not an integer).
 */
const MAX_INTEGER_DIGITS = 300;

/** What the value of one property must be (the keywords `schemaFits` reads of its schema). */
interface PropertyRule {
  name: string;
  /** The JSON types that pass its `type` (and `nullable`) keyword. */
  types: number;
  /** Its `enum` when every option is a string; undefined without an enum. */
  strings: readonly string[] | undefined;
  /** The schema checks inside an object value (properties, required, additionalProperties). */
  looksInObject: boolean;
  /** The schema checks the items of an array value. */
  looksInArray: boolean;
  /** A keyword the scan does not follow: a value for this property is left to the parse. */
  unsure: boolean;
}

/** A tool's parameters schema made ready for the scan. */
export interface ArgumentsRule {
  properties: readonly PropertyRule[];
  /** Bits of the required properties (by index in `properties`). */
  required: number;
  /** `additionalProperties: false`: a key not among the properties does not fit. */
  closed: boolean;
}

/** A schema that is not an object: `schemaFits` lets every value through, so any object fits. */
const ANY_OBJECT: ArgumentsRule = { properties: [], required: 0, closed: false };

/** Rules by schema object, made once per schema (the clean check keeps a data set's tools). */
const rules = new WeakMap<object, ArgumentsRule | null>();

/**
 * The rule of a parameters schema, or undefined when the scan cannot follow it (every call is
 * then parsed). Remembered per schema object: a schema must not change after it was asked for
 * (the model's values are not changed in place).
 */
export function argumentsRuleOf(schema: unknown): ArgumentsRule | undefined {
  if (!isPlainObject(schema)) return ANY_OBJECT;
  let rule = rules.get(schema);
  if (rule === undefined) {
    rule = compile(schema) ?? null;
    rules.set(schema, rule);
  }
  return rule ?? undefined;
}

function compile(schema: Record<string, unknown>): ArgumentsRule | undefined {
  if (hasVariants(schema) || Array.isArray(schema.enum) || 'const' in schema) return undefined;
  if ((typesOf(schema) & OBJECT) === 0) return undefined;
  if (isPlainObject(schema.additionalProperties)) return undefined;
  const source = isPlainObject(schema.properties) ? schema.properties : undefined;
  // Every own name, as Object.hasOwn sees them.
  const names = source === undefined ? [] : Object.getOwnPropertyNames(source);
  if (names.length > MAX_PROPERTIES) return undefined;
  const properties = names.map((name) => propertyRule(name, (source as Record<string, unknown>)[name]));
  let required = 0;
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name !== 'string') continue;
      // `name in value`: a name every object inherits (toString, __proto__) is always there.
      if (name in Object.prototype) continue;
      const index = names.indexOf(name);
      if (index === -1) return undefined;
      required |= 1 << index;
    }
  }
  return { properties, required, closed: schema.additionalProperties === false };
}

function propertyRule(name: string, schema: unknown): PropertyRule {
  if (!isPlainObject(schema)) return { name, types: ANY_TYPE, strings: undefined, looksInObject: false, looksInArray: false, unsure: false };
  const options = schema.enum;
  const strings = Array.isArray(options) && options.every((option) => typeof option === 'string') ? (options as string[]) : undefined;
  return {
    name,
    types: typesOf(schema) | (schema.nullable === true ? NULL : 0),
    strings,
    looksInObject: isPlainObject(schema.properties) || Array.isArray(schema.required) || schema.additionalProperties === false || isPlainObject(schema.additionalProperties),
    looksInArray: isPlainObject(schema.items),
    unsure: hasVariants(schema) || 'const' in schema || (Array.isArray(options) && strings === undefined),
  };
}

/** `anyOf` or `oneOf` with options: schemaFits tries each. */
function hasVariants(schema: Record<string, unknown>): boolean {
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  return variants !== undefined && variants.length > 0;
}

/** The types `typeMatches` lets through: a name, a list of names (none named: all), anything else: all. */
function typesOf(schema: Record<string, unknown>): number {
  const type = schema.type;
  if (typeof type === 'string') return TYPE_BITS.get(type) ?? 0;
  if (!Array.isArray(type)) return ANY_TYPE;
  let bits = 0;
  let named = false;
  for (const item of type) {
    if (typeof item !== 'string') continue;
    named = true;
    bits |= TYPE_BITS.get(item) ?? 0;
  }
  return named ? bits : ANY_TYPE;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True only when `JSON.parse(text)` is a plain object that `schemaFits` accepts for the schema
 * of `rule`; false: not sure (parse and check).
 */
export function surelyFitsArguments(text: string, rule: ArgumentsRule): boolean {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return false; // {
  i = skipSpace(text, i + 1);
  let seen = 0;
  if (text.charCodeAt(i) === 0x7d) {
    i += 1; // {}
  } else {
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) return false;
      const keyStart = i + 1;
      const keyEnd = plainStringEnd(text, keyStart);
      if (keyEnd < 0) return false;
      const index = propertyIndex(rule.properties, text, keyStart, keyEnd);
      i = skipSpace(text, keyEnd + 1);
      if (text.charCodeAt(i) !== 0x3a) return false; // :
      i = skipSpace(text, i + 1);
      if (index === -1) {
        // Not a property: any JSON value, unless none may be there.
        if (rule.closed) return false;
        i = scanJsonValue(text, i);
      } else {
        // Every value of a key given twice is checked: the one the parse keeps (the last) among them.
        seen |= 1 << index;
        i = fittingValueEnd(text, i, rule.properties[index] as PropertyRule);
      }
      if (i < 0) return false;
      i = skipSpace(text, i);
      const next = text.charCodeAt(i);
      if (next === 0x7d) {
        i += 1; // }
        break;
      }
      if (next !== 0x2c) return false; // ,
      i = skipSpace(text, i + 1);
    }
  }
  return skipSpace(text, i) === text.length && (seen & rule.required) === rule.required;
}

/** The offset of the closing quote of a string without escapes or control characters from `at`, or -1. */
function plainStringEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
  return -1;
}

/** The property named by the key `text[start, end)`, or -1. */
function propertyIndex(properties: readonly PropertyRule[], text: string, start: number, end: number): number {
  const length = end - start;
  for (let p = 0; p < properties.length; p++) {
    const name = (properties[p] as PropertyRule).name;
    if (name.length === length && text.startsWith(name, start)) return p;
  }
  return -1;
}

/** The offset after the value at `at` when it surely fits the property's schema, else -1. */
function fittingValueEnd(text: string, at: number, rule: PropertyRule): number {
  if (rule.unsure) return -1;
  const c = text.charCodeAt(at);
  let type: number;
  let end: number;
  if (c === QUOTE) {
    type = STRING;
    // Most strings have no escape: their end is found here, the others by the full scan.
    const plainEnd = plainStringEnd(text, at + 1);
    end = plainEnd >= 0 ? plainEnd + 1 : scanJsonValue(text, at);
    if (end > 0 && rule.strings !== undefined && !isOption(text, at + 1, end - 1, rule.strings)) return -1;
  } else {
    if (rule.strings !== undefined) return -1;
    if (c === 0x7b) {
      type = OBJECT;
      if (rule.looksInObject) return -1;
      end = scanJsonValue(text, at);
    } else if (c === 0x5b) {
      type = ARRAY;
      if (rule.looksInArray) return -1;
      end = scanJsonValue(text, at);
    } else if (c === 0x74 || c === 0x66) {
      type = BOOLEAN;
      end = scanJsonValue(text, at);
    } else if (c === 0x6e) {
      type = NULL;
      end = scanJsonValue(text, at);
    } else {
      end = scanJsonValue(text, at);
      if (end < 0) return -1;
      type = numberType(text, at, end, rule.types);
    }
  }
  return end > 0 && (rule.types & type) !== 0 ? end : -1;
}

/** A string value `text[start, end)` (its text between the quotes) that is one of the options, written without escapes. */
function isOption(text: string, start: number, end: number, options: readonly string[]): boolean {
  const length = end - start;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === BACKSLASH) return false;
  for (const option of options) if (option.length === length && text.startsWith(option, start)) return true;
  return false;
}

/**
 * The type of the number literal `text[start, end)` (valid JSON): an integer when written with
 * digits alone (not too many); a fraction or exponent may be either (`1.0`, `1e2` are
 * integers), which matters only when the schema lets one through and not the other: then 0
 * (not sure).
 */
function numberType(text: string, start: number, end: number, allowed: number): number {
  const digitsOnly = !hasFractionOrExponent(text, start, end);
  const digits = end - start - (text.charCodeAt(start) === 0x2d ? 1 : 0);
  if (digitsOnly && digits <= MAX_INTEGER_DIGITS) return INTEGER;
  const both = INTEGER | FRACTION;
  return (allowed & both) === both ? both : 0;
}

function hasFractionOrExponent(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e || c === 0x65 || c === 0x45) return true;
  }
  return false;
}
