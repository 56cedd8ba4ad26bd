/**
 * A tool's parameters (a JSON Schema) as a person reads them: each property's name, type,
 * whether it is required, and its description. Null when the schema is not an object with
 * properties (nothing to summarise: the raw JSON box is shown instead).
 */

export interface ParameterLine {
  name: string;
  /** "string", "integer | null", "array of string", "object", "one of: a, b" (an enum), or "any". */
  type: string;
  required: boolean;
  description?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(schema: unknown): string {
  if (!isRecord(schema)) return 'any';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return `one of: ${schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
  const type = schema.type;
  if (type === 'array') return isRecord(schema.items) ? `array of ${typeOf(schema.items)}` : 'array';
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.every((t) => typeof t === 'string')) return type.join(' | ');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return options.map(typeOf).join(' | ');
  }
  return 'any';
}

export function summariseParameters(parameters: unknown): ParameterLine[] | null {
  if (!isRecord(parameters) || !isRecord(parameters.properties)) return null;
  const required = new Set(Array.isArray(parameters.required) ? parameters.required.filter((r): r is string => typeof r === 'string') : []);
  const lines = Object.entries(parameters.properties).map(([name, schema]): ParameterLine => {
    const line: ParameterLine = { name, type: typeOf(schema), required: required.has(name) };
    if (isRecord(schema) && typeof schema.description === 'string' && schema.description !== '') line.description = schema.description;
    return line;
  });
  return lines.length > 0 ? lines : null;
}
