/**
 * Tool definitions → the TypeScript-like signatures of the developer section, as the template's
 * `render_tools` and `render_typescript_type` macros write them, whitespace quirks included:
 * - a nested object property is written `name: ` + newline + 16 spaces + its type;
 * - oneOf variants are joined by ` | ` + newline, a variant's description follows its type
 *   with no space (`string// text`) and its default is preceded by 20 spaces;
 * - the "object variants → any" rule of the oneOf branch never fires: the template sets its
 *   flag inside a `for` loop, and Jinja scoping drops the assignment at the end of the loop.
 * Schemas are raw JSON, read the way `@huggingface/jinja` reads them (`jinja-values.ts`).
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { Fix } from '../../model/fix.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { CODES } from './codes.ts';
import { toolDescriptionFix, toolUnwrapFix } from './fixes.ts';
import {
  concat,
  dictItems,
  equalsString,
  isMapping,
  join,
  loopItems,
  member,
  notIn,
  outputString,
  toJson,
  truthy,
} from './jinja-values.ts';
import { Pieces } from './pieces.ts';

/** The whitespace the template's own layout leaves in its output. */
const PROPERTY_TYPE_BREAK = '\n                ';
const VARIANT_DEFAULT_INDENT = '                    ';
/** `render_typescript_type` writes `any[]` for an item type longer than this. */
const MAX_ITEM_TYPE_LENGTH = 50;

/** Reports problems of one tool with its name and the field's path in the message. */
class ToolContext {
  constructor(
    readonly index: number,
    private readonly name: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  private where(path: FieldPath): string {
    const head = `Tool ${this.index + 1} (${JSON.stringify(this.name)})`;
    return path.length > 2 ? `${head}, ${formatPath(path.slice(2))}` : head;
  }

  /** `@huggingface/jinja` throws here: the template does not accept the tool. */
  templateError(path: FieldPath, reason: string): void {
    this.diagnostics.push(error(CODES.schemaTemplateError, `${this.where(path)}: the template fails here (${reason}).`, path));
  }

  /**
   * Python's jinja2 (which `ApertusFormatter` uses) raises or writes different text here; the
   * reference renders, so it is a warning and the preview shows the reference's text.
   */
  pythonDiffers(path: FieldPath, text: string): void {
    this.diagnostics.push(warning(CODES.schemaPythonDiffers, `${this.where(path)}: ${text}`, path));
  }

  error(code: string, path: FieldPath, text: string, fix?: Fix): void {
    this.diagnostics.push(error(code, `${this.where(path)}: ${text}`, path, fix));
  }

  warn(code: string, path: FieldPath, text: string, fix?: Fix): void {
    this.diagnostics.push(warning(code, `${this.where(path)}: ${text}`, path, fix));
  }

  fail(path: FieldPath): (reason: string) => void {
    return (reason) => this.templateError(path, reason);
  }
}

/** `render_tools(tools)` into `out`; problems go to `diagnostics`. */
export function renderToolSignatures(tools: readonly ToolDefinition[], out: Pieces, diagnostics: Diagnostic[]): void {
  tools.forEach((tool, index) => {
    renderTool(tool, index, out, new ToolContext(index, tool.name, diagnostics));
    if (index < tools.length - 1) out.add('\n', 'structure', ['tools', index]);
  });
}

function renderTool(tool: ToolDefinition, index: number, out: Pieces, ctx: ToolContext): void {
  const path: FieldPath = ['tools', index];
  if (tool.wrapped) {
    ctx.error(
      CODES.toolWrapped,
      path,
      'OpenAI-nested tools ({"type": "function", "function": {…}}) are not read by the template (it raises on the missing description); write the function object itself. Rendered as if it were flat.',
      toolUnwrapFix(index, tool),
    );
  }
  if (tool.type !== undefined) {
    ctx.error(
      CODES.toolBuiltin,
      [...path, 'type'],
      `a built-in provider tool of type ${JSON.stringify(tool.type)} is not a function tool; the template reads only {name, description, parameters} and raises on it. Rendered as a function without parameters.`,
    );
  } else if (tool.description === undefined) {
    if (!tool.wrapped) ctx.error(CODES.toolDescriptionMissing, [...path, 'description'], 'no description; the template writes "// " + description and raises without one.', toolDescriptionFix(index, tool));
  } else if (tool.description === '') {
    ctx.warn(CODES.toolDescriptionEmpty, [...path, 'description'], 'the description is empty; the signature gets an empty "// " comment.');
  }
  if (tool.name === '') ctx.warn(CODES.toolNameEmpty, [...path, 'name'], 'the name is empty; the signature reads "type  = …".');

  out.add('// ', 'structure', path);
  out.add(tool.description ?? '', 'content', [...path, 'description']);
  out.add('\ntype ', 'structure', path);
  out.add(tool.name, 'content', [...path, 'name']);
  out.add(' = ', 'structure', path);

  const parameters = tool.parameters;
  const parametersPath: FieldPath = [...path, 'parameters'];
  if (parameters !== undefined && parameters !== null && !isMapping(parameters)) {
    ctx.warn(CODES.toolParameters, parametersPath, 'parameters is not a JSON Schema object; the template writes "() => any;".');
  }
  const properties = truthy(parameters) ? member(parameters, 'properties') : undefined;
  if (!truthy(properties)) {
    out.add('() => any;', 'structure', parametersPath);
    return;
  }
  out.add('(_: {\n', 'structure', parametersPath);
  const propertiesPath: FieldPath = [...parametersPath, 'properties'];
  const entries = propertyEntries(properties, propertiesPath, ctx);
  const required = member(parameters, 'required');
  entries.forEach(([name, spec], i) => {
    const specPath: FieldPath = [...propertiesPath, name];
    const description = member(spec, 'description');
    if (truthy(description)) {
      out.add('// ', 'structure', specPath);
      out.add(describedText(description, [...specPath, 'description'], ctx), 'content', [...specPath, 'description']);
      out.add('\n', 'structure', specPath);
    }
    out.add(name, 'content', specPath);
    const optional = notIn(name, required, ctx.fail([...parametersPath, 'required']));
    out.add(optional ? '?: ' : ': ', 'structure', specPath);
    if (!isMapping(spec)) ctx.warn(CODES.schemaNotObject, specPath, `the schema is not an object; the template writes "any".`);
    renderType(spec, specPath, out, ctx);
    renderParameterDefault(spec, specPath, out, ctx);
    out.add(i < entries.length - 1 ? ',\n' : '\n', 'structure', specPath);
  });
  out.add('}) => any;', 'structure', parametersPath);
}

/** `properties.items()`, reporting the template's failures. */
function propertyEntries(properties: unknown, path: FieldPath, ctx: ToolContext): [string, unknown][] {
  if (isMapping(properties) && Object.hasOwn(properties, 'items')) {
    ctx.error(
      CODES.schemaPropertyNamedItems,
      [...path, 'items'],
      'a property named "items" makes @huggingface/jinja fail (it calls the property instead of the dict\'s items() method); Python\'s jinja2 renders it, as shown here.',
    );
  }
  if (!isMapping(properties)) {
    return dictItems(properties, ctx.fail(path));
  }
  return Object.entries(properties);
}

/** The default of a top-level parameter: `, // default: ` and a value, in one of three spellings. */
function renderParameterDefault(spec: unknown, path: FieldPath, out: Pieces, ctx: ToolContext): void {
  const value = member(spec, 'default');
  if (value === undefined) return;
  const defaultPath: FieldPath = [...path, 'default'];
  if (truthy(member(spec, 'enum')) || truthy(member(spec, 'oneOf'))) {
    // Written with `+`, not `tojson`: the value must be a string.
    const lead = truthy(member(spec, 'enum')) ? ', // default: ' : '// default: ';
    if (value !== null && typeof value !== 'string') {
      ctx.pythonDiffers(defaultPath, `the default must be a string here (the template writes "${lead.trim()} " + default; Python's jinja2 raises TypeError).`);
    }
    out.add(lead, 'structure', path);
    out.add(concat('', value, ctx.fail(defaultPath)), 'content', defaultPath);
    return;
  }
  out.add(', // default: ', 'structure', path);
  out.add(toJson(value), 'content', defaultPath);
}

/** A description written with `"// " + description`: a non-string makes Python's jinja2 raise. */
function describedText(description: unknown, path: FieldPath, ctx: ToolContext): string {
  if (typeof description !== 'string') {
    ctx.pythonDiffers(path, 'the description is not a string (Python\'s jinja2 raises TypeError on "// " + description).');
  }
  return concat('', description, ctx.fail(path));
}

/** `render_typescript_type(spec)`. */
function renderType(spec: unknown, path: FieldPath, out: Pieces, ctx: ToolContext): void {
  const type = member(spec, 'type');
  if (equalsString(type, 'array')) {
    if (Array.isArray(type)) {
      ctx.pythonDiffers([...path, 'type'], '"type": ["array"] renders as an array type with @huggingface/jinja but as "array" with Python\'s jinja2; write "type": "array".');
    }
    renderArrayType(spec, path, out, ctx);
    return;
  }
  if (Array.isArray(type) && type.length > 0) {
    if (type.some((item) => typeof item !== 'string')) {
      ctx.pythonDiffers([...path, 'type'], 'a type list must hold strings (Python\'s jinja2 writes other values differently).');
    }
    out.add(type.length > 1 ? join(type, ' | ', ctx.fail([...path, 'type'])) : outputString(type[0]), 'structure', path);
    return;
  }
  const oneOf = member(spec, 'oneOf');
  if (truthy(oneOf)) {
    renderOneOf(oneOf, [...path, 'oneOf'], out, ctx);
    return;
  }
  if (equalsString(type, 'string')) {
    const values = member(spec, 'enum');
    if (truthy(values)) {
      if (Array.isArray(values) && values.some((item) => item === null || typeof item === 'boolean' || typeof item === 'object')) {
        ctx.pythonDiffers([...path, 'enum'], 'enum values must be strings or numbers (Python\'s jinja2 writes null, booleans, lists and objects differently).');
      }
      out.add('"' + join(values, '" | "', ctx.fail([...path, 'enum'])) + '"', 'structure', path);
    } else {
      out.add(truthy(member(spec, 'nullable')) ? 'string | null' : 'string', 'structure', path);
    }
    return;
  }
  if (equalsString(type, 'number') || equalsString(type, 'integer')) {
    out.add('number', 'structure', path);
  } else if (equalsString(type, 'boolean')) {
    out.add('boolean', 'structure', path);
  } else if (equalsString(type, 'object')) {
    renderObjectType(spec, path, out, ctx);
  } else {
    out.add('any', 'structure', path);
  }
}

function renderArrayType(spec: unknown, path: FieldPath, out: Pieces, ctx: ToolContext): void {
  // A dict without "items" yields its items() method here, which is truthy: the same "any[]" follows.
  const items = member(spec, 'items');
  if (!truthy(items)) {
    out.add('any[]', 'structure', path);
  } else {
    const itemType = member(items, 'type');
    const itemsPath: FieldPath = [...path, 'items'];
    if (equalsString(itemType, 'string')) out.add('string[]', 'structure', itemsPath);
    else if (equalsString(itemType, 'number')) out.add('number[]', 'structure', itemsPath);
    else if (equalsString(itemType, 'integer')) {
      if (Array.isArray(itemType)) ctx.pythonDiffers([...itemsPath, 'type'], '"type": ["integer"] renders as "number[]" with @huggingface/jinja but "integer[]" with Python\'s jinja2; write "type": "integer".');
      out.add('number[]', 'structure', itemsPath);
    } else if (equalsString(itemType, 'boolean')) out.add('boolean[]', 'structure', itemsPath);
    else {
      const inner = new Pieces();
      renderType(items, itemsPath, inner, ctx);
      const innerText = inner.text();
      if (innerText === 'object | object' || innerText.length > MAX_ITEM_TYPE_LENGTH) {
        out.add('any[]', 'structure', itemsPath);
      } else {
        out.append(inner);
        out.add('[]', 'structure', itemsPath);
      }
    }
  }
  if (truthy(member(spec, 'nullable'))) out.add(' | null', 'structure', path);
}

function renderOneOf(oneOf: unknown, path: FieldPath, out: Pieces, ctx: ToolContext): void {
  const variants = loopItems(oneOf, ctx.fail(path));
  variants.forEach(([key, variant], i) => {
    const variantPath: FieldPath = [...path, key];
    renderType(variant, variantPath, out, ctx);
    const description = member(variant, 'description');
    if (truthy(description)) {
      out.add('// ', 'structure', variantPath);
      out.add(describedText(description, [...variantPath, 'description'], ctx), 'content', [...variantPath, 'description']);
    }
    const value = member(variant, 'default');
    if (value !== undefined) {
      out.add(`${VARIANT_DEFAULT_INDENT}// default: `, 'structure', variantPath);
      out.add(toJson(value), 'content', [...variantPath, 'default']);
    }
    if (i < variants.length - 1) out.add(' | \n', 'structure', path);
  });
}

function renderObjectType(spec: unknown, path: FieldPath, out: Pieces, ctx: ToolContext): void {
  const properties = member(spec, 'properties');
  if (!truthy(properties)) {
    out.add('object', 'structure', path);
    return;
  }
  out.add('{\n', 'structure', path);
  const propertiesPath: FieldPath = [...path, 'properties'];
  const entries = propertyEntries(properties, propertiesPath, ctx);
  const required = member(spec, 'required');
  entries.forEach(([name, propertySpec], i) => {
    const propertyPath: FieldPath = [...propertiesPath, name];
    out.add(name, 'content', propertyPath);
    const optional = notIn(name, required, ctx.fail([...path, 'required']));
    out.add(optional ? `?: ${PROPERTY_TYPE_BREAK}` : `: ${PROPERTY_TYPE_BREAK}`, 'structure', propertyPath);
    if (!isMapping(propertySpec)) ctx.warn(CODES.schemaNotObject, propertyPath, 'the schema is not an object; the template writes "any".');
    renderType(propertySpec, propertyPath, out, ctx);
    if (i < entries.length - 1) out.add(', ', 'structure', propertyPath);
  });
  out.add('}', 'structure', path);
}
