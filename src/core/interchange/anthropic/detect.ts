/**
 * How sure we are that a JSON value is an Anthropic Messages request, by its own marks
 * (shared/detect-levels.ts): request fields no other dialect has (`system`, a `thinking` config,
 * `stop_sequences`, `mcp_servers`), tools with `input_schema` or a versioned server-tool type
 * (`web_search_20250305`), and blocks only Anthropic writes (`tool_use`, `tool_result`,
 * `thinking`, `server_tool_use`, `mcp_tool_use`, any `*_tool_result`, `compaction`,
 * `container_upload`, an image with a `source`, text with `citations`, …). Plain user/assistant
 * messages are shared with OpenAI and Apertus JSON, which score higher for them unless the model
 * is a Claude model (a hint, not a mark: OpenAI-compatible servers take Claude models too).
 * Roles Anthropic does not have, OpenAI's `tool_calls`, and image or text parts of other
 * dialects (an image without a `source`, as Hugging Face writes them) rule it out, unless a mark
 * says the value is Anthropic's and the decoder should say what is wrong with it.
 */
import { isObject } from '../../shared/json.ts';
import { FITS } from '../shared/detect-levels.ts';

const ANTHROPIC_SHAPE = 0.95;
const PLAIN_CHAT = FITS + 0.05;
/** Plain messages for a Claude model: above OpenAI's plain chat and text parts (0.55, 0.6), below any mark of another dialect. */
const CLAUDE_MODEL = 0.65;

const ANTHROPIC_REQUEST_KEYS = ['system', 'stop_sequences', 'mcp_servers', 'anthropic_version', 'context_management'];
const ANTHROPIC_BLOCKS = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'search_result', 'server_tool_use', 'mcp_tool_use', 'mcp_tool_result', 'compaction', 'container_upload']);
/** Server tools carry their version date: `web_search_20250305`, `code_execution_20250825`, `memory_20250818`. */
const SERVER_TOOL_TYPE = /_\d{8}$/;

export function detectAnthropic(json: unknown): number {
  if (!isObject(json) || !Array.isArray(json.messages)) return 0;
  let marked = ANTHROPIC_REQUEST_KEYS.some((key) => key in json) || (isObject(json.thinking) && typeof json.thinking.type === 'string') || (Array.isArray(json.tools) && json.tools.some(isAnthropicTool));
  let foreign = false;
  for (const message of json.messages) {
    if (!isObject(message) || (message.role !== 'user' && message.role !== 'assistant') || 'contents' in message || 'tool_calls' in message) return 0;
    if (isObject(message.content)) return 0;
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isObject(block) || typeof block.type !== 'string') continue;
      if (isAnthropicBlock(block)) marked = true;
      else if (block.type === 'image_url' || block.type === 'input_text') return 0;
      else if (block.type === 'image') foreign = true;
    }
  }
  if (marked) return ANTHROPIC_SHAPE;
  if (foreign) return 0;
  return claudeModel(json) === undefined ? PLAIN_CHAT : CLAUDE_MODEL;
}

/** Why plain messages were read as Anthropic (the hint that decided), for the reading's note. */
export function anthropicHint(json: unknown): string | undefined {
  const model = claudeModel(json);
  return model === undefined ? undefined : `the model is a Claude model (${JSON.stringify(model)})`;
}

function claudeModel(json: unknown): string | undefined {
  return isObject(json) && typeof json.model === 'string' && json.model.startsWith('claude') ? json.model : undefined;
}

function isAnthropicTool(tool: unknown): boolean {
  return isObject(tool) && ('input_schema' in tool || (typeof tool.type === 'string' && SERVER_TOOL_TYPE.test(tool.type)));
}

function isAnthropicBlock(block: Record<string, unknown>): boolean {
  const type = block.type as string;
  if (ANTHROPIC_BLOCKS.has(type) || type.endsWith('_tool_result')) return true;
  if (type === 'image') return isObject(block.source);
  return type === 'text' && Array.isArray(block.citations);
}
