/**
 * How a request writes its `tools` list, as evidence for dialect detection. Spec-style flat
 * function objects `{name, description, parameters}` are what Apertus JSON (spec 000) takes and
 * what OpenAI Chat Completions rejects (it wants `{"type": "function", "function": {…}}`), so
 * the two styles tell the dialects apart where plain string messages cannot.
 */
import { isObject } from '../../shared/json.ts';

export type ToolStyle = 'flat' | 'nested' | 'none';

/**
 * A flat function definition. `type` (OpenAI Responses' flat tools, built-in tools),
 * `input_schema` (Anthropic) and `returns` (spec 002) belong to other dialects, so a tool with
 * any of them is no evidence for Apertus.
 */
function isFlatFunction(tool: unknown): boolean {
  return isObject(tool) && typeof tool.name === 'string' && !('type' in tool) && !('function' in tool) && !('input_schema' in tool) && !('returns' in tool);
}

function isNestedFunction(tool: unknown): boolean {
  return isObject(tool) && tool.type === 'function' && isObject(tool.function);
}

/** `flat` when every tool is flat, `nested` when any is OpenAI-nested, else (no tools, other shapes) `none`. */
export function toolStyle(json: unknown): ToolStyle {
  if (!isObject(json) || !Array.isArray(json.tools) || json.tools.length === 0) return 'none';
  if (json.tools.every(isFlatFunction)) return 'flat';
  if (json.tools.some(isNestedFunction)) return 'nested';
  return 'none';
}
