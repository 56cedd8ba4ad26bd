/**
 * Checks of one tool call against the conversation's tool definitions: a name, arguments that
 * are JSON (with line and column when not), a JSON object, and, when the tool is defined with a
 * parameters schema, no missing required argument, no wrong type, no unknown argument where
 * the schema forbids extra ones. Pure functions returning diagnostics at the call's fields.
 */
import { error, type Diagnostic } from '../model/diagnostic.ts';
import { pathAt, whereAt, type Where } from '../model/path.ts';
import type { ToolCall, ToolDefinition } from '../model/types.ts';
import { argumentsRuleOf, surelyFitsArguments } from './arguments-scan.ts';
import { isSurelyJsonObject } from './json-surely.ts';
import { describeJsonSyntaxError, parseJson } from './json-syntax.ts';
import { checkAgainstSchema, isPlainObject, jsonTypeOf, schemaFits, type SchemaProblemKind } from './schema-check.ts';

export const TOOL_CALL_CODES = {
  noName: 'tool-call/no-name',
  unknownTool: 'tool-call/unknown-tool',
  syntax: 'tool-call/arguments-syntax',
  notObject: 'tool-call/arguments-not-object',
  missing: 'tool-call/missing-argument',
  type: 'tool-call/argument-type',
  unknownArgument: 'tool-call/unknown-argument',
  enum: 'tool-call/argument-value',
} as const;

const PROBLEM_CODES: Record<SchemaProblemKind, string> = {
  missing: TOOL_CALL_CODES.missing,
  type: TOOL_CALL_CODES.type,
  unknown: TOOL_CALL_CODES.unknownArgument,
  enum: TOOL_CALL_CODES.enum,
};

/**
 * Problems of the arguments text alone: JSON syntax (error with line and column) and "must be
 * an object" (error). Returns the parsed value when it is an object, for schema checks.
 */
export function checkArgumentsText(text: string, where: Where): { diagnostics: Diagnostic[]; value?: Record<string, unknown> } {
  const parsed = parseArgumentsText(text, where);
  if (!parsed.ok) return { diagnostics: [parsed.diagnostic] };
  if (!isPlainObject(parsed.value)) {
    return { diagnostics: [error(TOOL_CALL_CODES.notObject, `Arguments must be a JSON object, got ${jsonTypeOf(parsed.value) === 'integer' ? 'number' : jsonTypeOf(parsed.value)}.`, pathAt(where))] };
  }
  return { diagnostics: [], value: parsed.value };
}

/**
 * The arguments text parsed as JSON, or the syntax error as an error at `where`. Empty text
 * (a new call before anything is typed) means no arguments: `{}`, no error (issue 24); the
 * schema checks still say which required argument is missing. Formats that write arguments verbatim report the same diagnostic (same code, path and
 * message) so that the app, which also runs `validateRecord`, can tell it is one problem.
 * (`where` may be a renderer's `Place`: its path is made only for the diagnostic.)
 */
export function parseArgumentsText(text: string, where: Where): { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic } {
  if (text.trim() === '') return { ok: true, value: {} };
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return { ok: false, diagnostic: error(TOOL_CALL_CODES.syntax, `Arguments are not valid JSON: ${describeJsonSyntaxError(parsed.error)}.`, pathAt(where)) };
  }
  return { ok: true, value: parsed.value };
}

/**
 * Every problem of one call. `where` is the call's path (`…calls[0]` or `…toolCalls[0]`), or
 * its place (a path is then made only for a problem).
 */
export function checkToolCall(call: Pick<ToolCall, 'name' | 'arguments'>, tools: readonly ToolDefinition[], where: Where): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const name = call.name.trim();
  let tool: ToolDefinition | undefined;
  if (name === '') {
    diagnostics.push(error(TOOL_CALL_CODES.noName, 'The tool call has no tool name.', pathAt(whereAt(where, 'name'))));
  } else if (tools.length > 0) {
    // Without any definitions there is nothing to check against: data often omits them.
    tool = tools.find((candidate) => candidate.name === call.name);
    if (!tool) {
      const known = tools.map((t) => t.name).filter((n) => n !== '');
      diagnostics.push(error(TOOL_CALL_CODES.unknownTool, `No tool named "${call.name}" is defined${known.length > 0 ? ` (defined: ${known.join(', ')})` : ''}.`, pathAt(whereAt(where, 'name'))));
    }
  }

  // Without a schema to check, the value is not needed: a scan that makes nothing proves most
  // arguments an object (every call of a data set is checked); the parse says what is wrong.
  if ((tool === undefined || tool.parameters === undefined) && isSurelyJsonObject(call.arguments)) return diagnostics;
  const argumentsWhere = whereAt(where, 'arguments');
  const text = checkArgumentsText(call.arguments, argumentsWhere);
  diagnostics.push(...text.diagnostics);
  if (tool && text.value && tool.parameters !== undefined) {
    for (const problem of checkAgainstSchema(text.value, tool.parameters)) {
      diagnostics.push(error(PROBLEM_CODES[problem.kind], `${problem.message} (tool "${tool.name}").`, pathAt(argumentsWhere)));
    }
  }
  return diagnostics;
}

/** The tool defined with this name (exactly), if any: a loop, not `find` with a closure made per call. */
function toolNamed(name: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  for (const tool of tools) if (tool.name === name) return tool;
  return undefined;
}

/**
 * Whether `checkToolCall` finds nothing wrong with the call (`tool-arguments-fast.test.ts`
 * compares them), making no diagnostic, path or result object on the way: the clean check
 * (clean-check/apertus.ts) asks this of every call of a data set. The arguments are parsed only
 * when a schema needs their value; otherwise a scan proves them an object, and anything it is
 * not sure of goes to the real check.
 */
export function isCleanToolCall(name: string, args: string, tools: readonly ToolDefinition[]): boolean {
  if (name.trim() === '') return false;
  let tool: ToolDefinition | undefined;
  if (tools.length > 0) {
    tool = toolNamed(name, tools);
    if (tool === undefined) return false;
  }
  if (tool === undefined || tool.parameters === undefined) return isSurelyJsonObject(args) || checkArgumentsText(args, []).diagnostics.length === 0;
  // Most calls of a data set fit a plain schema: said by a scan of the text, without its value.
  const rule = argumentsRuleOf(tool.parameters);
  if (rule !== undefined && surelyFitsArguments(args, rule)) return true;
  let value: unknown;
  try {
    // checkArgumentsText's parse is JSON.parse (json-syntax.ts): it fails exactly where this
    // throws. Empty arguments mean {} there (parseArgumentsText), and here.
    value = args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    return false;
  }
  return isPlainObject(value) && schemaFits(value, tool.parameters);
}
