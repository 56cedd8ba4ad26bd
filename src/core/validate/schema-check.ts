/**
 * A deliberately small JSON Schema checker for tool arguments: the keywords tool definitions
 * use in practice (`type` incl. type lists, OpenAPI `nullable`, `enum`, `const`, `properties`,
 * `required`, `additionalProperties: false`, `items`, `anyOf`/`oneOf`). Anything else in a
 * schema is ignored rather than guessed at, so a valid call is never reported as wrong.
 */

export type SchemaProblemKind = 'missing' | 'type' | 'unknown' | 'enum';

export interface SchemaProblem {
  kind: SchemaProblemKind;
  /** Where in the arguments: `location`, `filters.max_price`, `items[2]`; '' for the whole value. */
  at: string;
  message: string;
}

type SchemaObject = Record<string, unknown>;

const MAX_DEPTH = 64;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, in JSON Schema's words. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = jsonTypeOf(value);
  if (type === 'number') return actual === 'number' || actual === 'integer';
  return actual === type;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

function child(at: string, key: string | number): string {
  if (typeof key === 'number') return `${at}[${key}]`;
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return at === '' ? safe : `${at}.${safe}`;
}

function subject(at: string): string {
  return at === '' ? 'The arguments' : `Argument "${at}"`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Problems of `value` against `schema` (an empty list when it fits or the schema says nothing checkable). */
export function checkAgainstSchema(value: unknown, schema: unknown, at = '', depth = 0): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  checkValue(value, schema, at, undefined, depth, problems);
  return problems;
}

/**
 * Where a value is: `key` of the value at `parent` (or `parent` itself when there is no key).
 * The text is made only for a problem or to go deeper: every argument of every call of a data
 * set is checked, and most of them are plain values that fit.
 */
function locate(parent: string, key: string | number | undefined): string {
  return key === undefined ? parent : child(parent, key);
}

/** Whether `value` fits `variant` (one of `anyOf` / `oneOf`). */
function fits(value: unknown, variant: unknown, parent: string, key: string | number | undefined, depth: number): boolean {
  const problems: SchemaProblem[] = [];
  checkValue(value, variant, parent, key, depth, problems);
  return problems.length === 0;
}

/** Whether `value` has one of the types `type` names (a name or a list; a list without names says nothing). */
function typeMatches(value: unknown, type: unknown): boolean {
  if (typeof type === 'string') return matchesType(value, type);
  if (!Array.isArray(type)) return true;
  let named = false;
  for (const item of type) {
    if (typeof item !== 'string') continue;
    if (matchesType(value, item)) return true;
    named = true;
  }
  return !named;
}

/** The problems of `value` against `schema`, added to `problems`. */
function checkValue(value: unknown, schema: unknown, parent: string, key: string | number | undefined, depth: number, problems: SchemaProblem[]): void {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return;

  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (variants && variants.length > 0 && !variants.some((variant) => fits(value, variant, parent, key, depth + 1))) {
    const at = locate(parent, key);
    problems.push({ kind: 'type', at, message: `${subject(at)} matches none of the allowed alternatives (got ${short(value)})` });
    return;
  }

  const nullable = schema.nullable === true && value === null;
  if (!nullable && !typeMatches(value, schema.type)) {
    const at = locate(parent, key);
    const types = typeof schema.type === 'string' ? [schema.type] : (schema.type as unknown[]).filter((t): t is string => typeof t === 'string');
    problems.push({ kind: 'type', at, message: `${subject(at)} should be ${types.join(' or ')}, got ${jsonTypeOf(value) === 'integer' ? 'number' : jsonTypeOf(value)}` });
    return;
  }

  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) {
    const at = locate(parent, key);
    problems.push({ kind: 'enum', at, message: `${subject(at)} should be one of ${schema.enum.map(short).join(', ')}, got ${short(value)}` });
  }
  if ('const' in schema && !deepEqual(schema.const, value)) {
    const at = locate(parent, key);
    problems.push({ kind: 'enum', at, message: `${subject(at)} should be ${short(schema.const)}, got ${short(value)}` });
  }

  if (isPlainObject(value)) checkObject(value, schema, locate(parent, key), depth, problems);
  if (Array.isArray(value) && isPlainObject(schema.items)) {
    const at = locate(parent, key);
    for (let i = 0; i < value.length; i++) checkValue(value[i], schema.items, at, i, depth + 1, problems);
  }
}

function checkObject(value: Record<string, unknown>, schema: SchemaObject, at: string, depth: number, problems: SchemaProblem[]): void {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !(name in value)) {
        problems.push({ kind: 'missing', at: child(at, name), message: `Missing required argument "${child(at, name)}"` });
      }
    }
  }
  // `for…in` with own keys: the order of Object.entries, without an array of pairs per object.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    if (Object.hasOwn(properties, key)) {
      checkValue(item, properties[key], at, key, depth + 1, problems);
    } else if (schema.additionalProperties === false) {
      const known = Object.keys(properties);
      const hint = known.length > 0 ? ` (known: ${known.join(', ')})` : ' (it takes no arguments)';
      problems.push({ kind: 'unknown', at: child(at, key), message: `Unknown argument "${child(at, key)}"${hint}` });
    } else if (isPlainObject(schema.additionalProperties)) {
      checkValue(item, schema.additionalProperties, at, key, depth + 1, problems);
    }
  }
}

/**
 * Whether `value` fits `schema`: `checkAgainstSchema(value, schema).length === 0` (tested so in
 * schema-fits.test.ts), answered at the first problem without making it. The clean check asks
 * this of every tool call of a data set (isCleanToolCall), where the problems' lists, locations
 * and sentences were about half the time of a call's check.
 */
export function schemaFits(value: unknown, schema: unknown, depth = 0): boolean {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return true;
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (variants !== undefined && variants.length > 0 && !anyFits(value, variants, depth + 1)) return false;
  if (!(schema.nullable === true && value === null) && !typeMatches(value, schema.type)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) return false;
  if ('const' in schema && !deepEqual(schema.const, value)) return false;
  if (isPlainObject(value)) return objectFits(value, schema, depth);
  if (Array.isArray(value) && isPlainObject(schema.items)) {
    for (let i = 0; i < value.length; i++) if (!schemaFits(value[i], schema.items, depth + 1)) return false;
  }
  return true;
}

function anyFits(value: unknown, variants: readonly unknown[], depth: number): boolean {
  for (let i = 0; i < variants.length; i++) if (schemaFits(value, variants[i], depth)) return true;
  return false;
}

/** checkObject's verdict. */
function objectFits(value: Record<string, unknown>, schema: SchemaObject, depth: number): boolean {
  const properties = isPlainObject(schema.properties) ? schema.properties : undefined;
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) if (typeof name === 'string' && !(name in value)) return false;
  }
  const additional = schema.additionalProperties;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (properties !== undefined && Object.hasOwn(properties, key)) {
      if (!schemaFits(value[key], properties[key], depth + 1)) return false;
    } else if (additional === false) return false;
    else if (isPlainObject(additional) && !schemaFits(value[key], additional, depth + 1)) return false;
  }
  return true;
}
