/**
 * The `namespace functions { … }` of a developer message → tool definitions, for the
 * declarations harmony writes from simple schemas: no parameters, or an object of properties
 * whose types are string, number, boolean, any, a string enum, an array of one of these, each
 * with an optional description line, `?` and `// default:`. Each declaration is rendered back
 * (typescript.ts) and kept only if the text is the same, so that what is read is exact; the
 * caller keeps the whole message as text when a declaration is not of this kind.
 */
import { toolDefinition } from '../../model/builders.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { parametersType } from './typescript.ts';

const SIMPLE = /^(string|number|boolean|any)$/;

function typeSchema(type: string): Record<string, unknown> | undefined {
  if (type.endsWith('[]')) {
    const items = typeSchema(type.slice(0, -2));
    return items === undefined ? undefined : { type: 'array', items };
  }
  if (SIMPLE.test(type)) return type === 'any' ? {} : { type };
  const values = type.split(' | ');
  if (values.every((v) => /^"[^"]*"$/.test(v))) return { type: 'string', enum: values.map((v) => v.slice(1, -1)) };
  return undefined;
}

function defaultValue(text: string, schema: Record<string, unknown>): { value: unknown } | undefined {
  if (schema.enum !== undefined) return { value: text };
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) return { value: text.slice(1, -1) };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

const PROPERTY = /^([A-Za-z_$][\w$]*)(\??): (.+?),(?: \/\/ default: (.*))?$/;

/** The object schema of `{\n…}` property lines, or undefined when a line is not a simple property. */
function objectSchema(lines: readonly string[]): Record<string, unknown> | undefined {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  let description: string | undefined;
  for (const line of lines) {
    if (line.startsWith('// ')) {
      if (description !== undefined) return undefined;
      description = line.slice(3);
      continue;
    }
    const match = PROPERTY.exec(line);
    if (!match) return undefined;
    const [, name = '', optional, type = '', defaultText] = match;
    const schema = typeSchema(type);
    if (schema === undefined) return undefined;
    if (description !== undefined) schema.description = description;
    if (defaultText !== undefined) {
      const value = defaultValue(defaultText, schema);
      if (value === undefined) return undefined;
      schema.default = value.value;
    }
    properties[name] = schema;
    if (optional === '') required.push(name);
    description = undefined;
  }
  if (description !== undefined) return undefined;
  const schema: Record<string, unknown> = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

/** One declaration's lines (`// description`…, `type name = …;`) → a tool, if it renders back the same. */
function declaration(lines: readonly string[]): ToolDefinition | undefined {
  const descriptionLines: string[] = [];
  let i = 0;
  for (let line = lines[i]; line?.startsWith('// '); line = lines[i]) {
    descriptionLines.push(line.slice(3));
    i += 1;
  }
  const head = /^type ([^\s=]+) = (.*)$/.exec(lines[i] ?? '');
  if (!head) return undefined;
  const [, name = '', rest = ''] = head;
  const description = descriptionLines.length > 0 ? descriptionLines.join('\n') : undefined;
  if (rest === '() => any;' && i === lines.length - 1) return toolDefinition(name, description);
  if (rest !== '(_: {' || lines[lines.length - 1] !== '}) => any;') return undefined;
  const parameters = objectSchema(lines.slice(i + 1, -1));
  if (parameters === undefined) return undefined;
  const written = ['{', ...lines.slice(i + 1, -1), '}'].join('\n');
  return parametersType(parameters) === written ? toolDefinition(name, description, parameters) : undefined;
}

/**
 * The tools of `## functions\n\nnamespace functions {\n\n…\n} // namespace functions`, or
 * undefined when the section is not exactly that with simple declarations.
 */
export function parseFunctionsSection(section: string): ToolDefinition[] | undefined {
  const head = '## functions\n\nnamespace functions {\n\n';
  const tail = '} // namespace functions';
  if (!section.startsWith(head) || !section.endsWith(tail)) return undefined;
  const inner = section.slice(head.length, section.length - tail.length);
  if (inner === '') return [];
  if (!inner.endsWith(';\n\n')) return undefined;
  const tools: ToolDefinition[] = [];
  for (const chunk of inner.slice(0, -3).split(';\n\n')) {
    const tool = declaration(`${chunk};`.split('\n'));
    if (tool === undefined) return undefined;
    tools.push(tool);
  }
  return tools;
}
