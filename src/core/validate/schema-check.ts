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
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return [];
  const problems: SchemaProblem[] = [];

  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (variants && variants.length > 0 && !variants.some((variant) => checkAgainstSchema(value, variant, at, depth + 1).length === 0)) {
    problems.push({ kind: 'type', at, message: `${subject(at)} matches none of the allowed alternatives (got ${short(value)})` });
    return problems;
  }

  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : [];
  if (types.length > 0) {
    const nullable = schema.nullable === true && value === null;
    if (!nullable && !types.some((type) => matchesType(value, type))) {
      problems.push({ kind: 'type', at, message: `${subject(at)} should be ${types.join(' or ')}, got ${jsonTypeOf(value) === 'integer' ? 'number' : jsonTypeOf(value)}` });
      return problems;
    }
  }

  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) {
    problems.push({ kind: 'enum', at, message: `${subject(at)} should be one of ${schema.enum.map(short).join(', ')}, got ${short(value)}` });
  }
  if ('const' in schema && !deepEqual(schema.const, value)) {
    problems.push({ kind: 'enum', at, message: `${subject(at)} should be ${short(schema.const)}, got ${short(value)}` });
  }

  if (isPlainObject(value)) problems.push(...checkObject(value, schema, at, depth));
  if (Array.isArray(value) && isPlainObject(schema.items)) {
    value.forEach((item, i) => problems.push(...checkAgainstSchema(item, schema.items, child(at, i), depth + 1)));
  }
  return problems;
}

function checkObject(value: Record<string, unknown>, schema: SchemaObject, at: string, depth: number): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !(name in value)) {
        problems.push({ kind: 'missing', at: child(at, name), message: `Missing required argument "${child(at, name)}"` });
      }
    }
  }
  for (const [key, item] of Object.entries(value)) {
    if (Object.hasOwn(properties, key)) {
      problems.push(...checkAgainstSchema(item, properties[key], child(at, key), depth + 1));
    } else if (schema.additionalProperties === false) {
      const known = Object.keys(properties);
      const hint = known.length > 0 ? ` (known: ${known.join(', ')})` : ' (it takes no arguments)';
      problems.push({ kind: 'unknown', at: child(at, key), message: `Unknown argument "${child(at, key)}"${hint}` });
    } else if (isPlainObject(schema.additionalProperties)) {
      problems.push(...checkAgainstSchema(item, schema.additionalProperties, child(at, key), depth + 1));
    }
  }
  return problems;
}
