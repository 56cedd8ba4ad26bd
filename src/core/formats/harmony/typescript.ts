/**
 * JSON Schema → the TypeScript-like type harmony declares a function's parameters with: a
 * line-for-line port of openai/harmony's `json_schema_to_typescript` (src/encoding.rs), so
 * that the developer message is byte-identical to its renderer (comments for titles,
 * descriptions, examples and defaults; oneOf as ` | ` lines; `nullable`; integer as number).
 * JSON values print as serde_json prints them, which is `JSON.stringify` for what schemas hold.
 */

type Schema = Record<string, unknown>;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(schema: Schema, key: string): string | undefined {
  const value = schema[key];
  return typeof value === 'string' ? value : undefined;
}

function isEnum(schema: Schema): boolean {
  const values = schema.enum;
  return Array.isArray(values) && values.length > 0;
}

function nullable(schema: Schema): boolean {
  return schema.nullable === true;
}

/** serde_json's `Display` of a value. */
function json(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** `default: "x"` for a string (`default: x` in an enum), `default: 20` otherwise. */
function defaultComment(schema: Schema, value: unknown): string {
  if (typeof value === 'string') return isEnum(schema) ? `default: ${value}` : `default: "${value}"`;
  return `default: ${json(value)}`;
}

function withNull(variant: Schema, type: string): string {
  return nullable(variant) && !type.includes('null') ? `${type} | null` : type;
}

function topLevelOneOf(variants: unknown[], indent: string): string {
  let out = '';
  for (const raw of variants) {
    const variant = isObject(raw) ? raw : {};
    out += `\n${indent} | `;
    out += withNull(variant, toTypeScript(variant, `${indent}   `));
    const comments: string[] = [];
    const description = str(variant, 'description');
    if (description !== undefined) comments.push(description);
    if ('default' in variant) comments.push(defaultComment(variant, variant.default));
    if (comments.length > 0) out += ` // ${comments.join(' ')}`;
  }
  return out;
}

function propertyOneOf(key: string, value: Schema, variants: unknown[], required: boolean, indent: string): string {
  let out = '';
  const propertyDescription = str(value, 'description');
  const first = isObject(variants[0]) ? variants[0] : undefined;
  const skip = propertyDescription !== undefined && first !== undefined && str(first, 'description') === propertyDescription;
  let above = false;
  if (!skip && propertyDescription !== undefined) {
    out += `${indent}// ${propertyDescription}\n`;
    above = true;
  }
  if ('default' in value) out += `${indent}// ${defaultComment(value, value.default)}\n`;
  out += `${indent}${key}${required ? '' : '?'}:\n`;
  variants.forEach((raw, i) => {
    const variant = isObject(raw) ? raw : {};
    out += `${indent} | `;
    out += withNull(variant, toTypeScript(variant, `${indent}   `));
    const comments: string[] = [];
    const description = str(variant, 'description');
    if (!(i === 0 && above) && description !== undefined && description !== propertyDescription) comments.push(description);
    if ('default' in variant) comments.push(defaultComment(variant, variant.default));
    if (comments.length > 0) out += ` // ${comments.join(' ')}`;
    out += '\n';
  });
  return `${out}${indent},\n`;
}

function objectType(schema: Schema, indent: string): string {
  let out = '';
  const description = str(schema, 'description');
  if (description !== undefined) out += `${indent}// ${description}\n`;
  out += '{\n';
  const properties = schema.properties;
  if (isObject(properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
    for (const [key, raw] of Object.entries(properties)) {
      const value = isObject(raw) ? raw : {};
      const title = str(value, 'title');
      if (title !== undefined) out += `${indent}// ${title}\n${indent}//\n`;
      const oneOf = value.oneOf;
      if (oneOf === undefined) {
        const propertyDescription = str(value, 'description');
        if (propertyDescription !== undefined) out += `${indent}// ${propertyDescription}\n`;
      }
      const examples = value.examples;
      if (Array.isArray(examples) && examples.length > 0) {
        out += `${indent}// Examples:\n`;
        for (const example of examples) if (typeof example === 'string') out += `${indent}// - "${example}"\n`;
      }
      if (Array.isArray(oneOf)) {
        out += propertyOneOf(key, value, oneOf, required.has(key), indent);
        continue;
      }
      out += `${indent}${key}${required.has(key) ? '' : '?'}: `;
      out += withNull(value, toTypeScript(value, `${indent}    `));
      out += ',';
      if (oneOf === undefined && 'default' in value) out += ` // ${defaultComment(value, value.default)}`;
      out += '\n';
    }
  }
  return `${out}${indent}}`;
}

/** The TypeScript-like type of `schema` (openai/harmony `json_schema_to_typescript`). */
export function toTypeScript(schema: Schema, indent: string): string {
  const oneOf = schema.oneOf;
  if (Array.isArray(oneOf)) return topLevelOneOf(oneOf, indent);
  const type = schema.type;
  if (Array.isArray(type)) {
    const names = type.filter((t): t is string => typeof t === 'string').map((t) => (t === 'integer' ? 'number' : t));
    if (names.length > 0) return names.join(' | ');
  }
  if (typeof type !== 'string') return 'any';
  switch (type) {
    case 'object':
      return objectType(schema, indent);
    case 'string': {
      const values = Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === 'string') : [];
      return values.length > 0 ? values.map((v) => `"${v}"`).join(' | ') : 'string';
    }
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'items' in schema ? `${toTypeScript(isObject(schema.items) ? schema.items : {}, indent)}[]` : 'Array<any>';
    default:
      return 'any';
  }
}

/** The parameters' type as a tool declaration writes it: `(_: {…})`; non-object schemas too. */
export function parametersType(parameters: unknown): string {
  return toTypeScript(isObject(parameters) ? parameters : {}, '');
}

/** Rust's `str::lines()`: split at `\n` (dropping a `\r` before it), no last empty line. */
export function rustLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (text.endsWith('\n')) lines.pop();
  return lines;
}
