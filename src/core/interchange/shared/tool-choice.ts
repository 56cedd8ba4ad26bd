/**
 * `tool_choice` between the three request APIs that have one. They say the same four things
 * in different words (API references): let the model choose, call no tool, call some tool,
 * call this tool. Anything else (Anthropic's `disable_parallel_tool_use`, OpenAI's
 * `allowed_tools` or hosted-tool choices) has no counterpart, so it is not converted and the
 * caller reports the field lost.
 */
import { isObject } from '../../shared/json.ts';

type Choice = { mode: 'auto' | 'none' | 'required' } | { tool: string };

const MODES = new Set(['auto', 'none', 'required']);

function read(value: unknown, from: string): Choice | undefined {
  if (from === 'openai-chat' || from === 'openai-responses') {
    if (typeof value === 'string' && MODES.has(value)) return { mode: value as 'auto' | 'none' | 'required' };
    if (!isObject(value) || value.type !== 'function' || Object.keys(value).length !== 2) return undefined;
    // Chat nests the name in `function`; Responses has it beside `type`.
    const name = from === 'openai-chat' ? (isObject(value.function) && Object.keys(value.function).length === 1 ? value.function.name : undefined) : value.name;
    return typeof name === 'string' ? { tool: name } : undefined;
  }
  if (from === 'anthropic' && isObject(value)) {
    const keys = Object.keys(value).length;
    if (value.type === 'tool' && typeof value.name === 'string' && keys === 2) return { tool: value.name };
    if (keys !== 1) return undefined;
    if (value.type === 'auto' || value.type === 'none') return { mode: value.type };
    if (value.type === 'any') return { mode: 'required' };
  }
  return undefined;
}

function write(choice: Choice, to: string): unknown {
  if ('tool' in choice) {
    if (to === 'openai-chat') return { type: 'function', function: { name: choice.tool } };
    if (to === 'openai-responses') return { type: 'function', name: choice.tool };
    return { type: 'tool', name: choice.tool };
  }
  if (to === 'anthropic') return { type: choice.mode === 'required' ? 'any' : choice.mode };
  return choice.mode;
}

/** The tool choice `value` of dialect `from` in the words of `to`, or undefined when it has none. */
export function convertToolChoice(value: unknown, from: string, to: string): unknown {
  const choice = read(value, from);
  return choice === undefined ? undefined : write(choice, to);
}
