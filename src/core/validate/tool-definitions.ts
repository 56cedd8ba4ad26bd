/**
 * Checks of the conversation's tool definitions: each has a name, names are unique, and
 * `parameters` (when given) is a JSON Schema object with `type: "object"`, which is what every
 * tool-calling API and chat template expects.
 */
import { error, warning, type Diagnostic } from '../model/diagnostic.ts';
import type { Fix } from '../model/fix.ts';
import type { ToolDefinition } from '../model/types.ts';
import { isPlainObject, jsonTypeOf } from './schema-check.ts';

export const TOOL_DEFINITION_CODES = {
  noName: 'tool-definition/no-name',
  duplicateName: 'tool-definition/duplicate-name',
  parametersNotObject: 'tool-definition/parameters-not-object',
  parametersType: 'tool-definition/parameters-type',
} as const;

/** Problems of one parameters schema, as sentences (also used by the editor before it commits). */
export function parametersProblem(parameters: unknown): { code: string; message: string } | undefined {
  if (parameters === undefined) return undefined;
  if (!isPlainObject(parameters)) {
    const got = jsonTypeOf(parameters) === 'integer' ? 'number' : jsonTypeOf(parameters);
    return { code: TOOL_DEFINITION_CODES.parametersNotObject, message: `Parameters must be a JSON Schema object, got ${got}.` };
  }
  if (parameters.type !== 'object') {
    const got = parameters.type === undefined ? 'no "type"' : `"type": ${JSON.stringify(parameters.type)}`;
    return { code: TOOL_DEFINITION_CODES.parametersType, message: `Parameters must have "type": "object" (found ${got}).` };
  }
  return undefined;
}

export function checkToolDefinitions(tools: readonly ToolDefinition[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const firstIndex = new Map<string, number>();
  tools.forEach((tool, index) => {
    if (tool.name.trim() === '') {
      diagnostics.push(error(TOOL_DEFINITION_CODES.noName, `Tool ${index + 1} has no name.`, ['tools', index, 'name']));
    } else {
      const first = firstIndex.get(tool.name);
      if (first === undefined) firstIndex.set(tool.name, index);
      else diagnostics.push(warning(TOOL_DEFINITION_CODES.duplicateName, `Tool "${tool.name}" is also defined as tool ${first + 1}; calls will use the first one.`, ['tools', index, 'name']));
    }
    const problem = parametersProblem(tool.parameters);
    if (problem) diagnostics.push(error(problem.code, problem.message, ['tools', index, 'parameters'], parametersTypeFix(tool, index)));
  });
  return diagnostics;
}

/**
 * A parameters schema with no "type" at all: every tool-calling API and template reads the
 * arguments as an object, so "type": "object" is what it already means. Another type, or
 * parameters that are not a schema object, need a person.
 */
function parametersTypeFix(tool: ToolDefinition, index: number): Fix | undefined {
  if (!isPlainObject(tool.parameters) || Object.hasOwn(tool.parameters, 'type')) return undefined;
  const path = ['tools', index];
  return {
    id: 'tool-definition/parameters-type-object',
    label: 'Add "type": "object"',
    edit: [
      { op: 'test', path: [...path, 'id'], value: tool.id },
      { op: 'absent', path: [...path, 'parameters', 'type'] },
      { op: 'set', path: [...path, 'parameters', 'type'], value: 'object' },
    ],
  };
}
