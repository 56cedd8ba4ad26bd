/**
 * Encode options of OpenAI Chat Completions (docs/formats.md, 'RWKV: mappings to the JSON dialects': "tool_calls with ids by
 * default; the legacy function_call on request"; spec 004's Chat table maps a tool call to a
 * `function_call` payload).
 */
import type { FormatOption, OptionValues } from '../../shared/options.ts';

export interface OpenAiChatOptions {
  /**
   * Write calls as the legacy `function_call` (one per assistant message, no id), results as
   * `function` messages named after their function, and function tools as `functions`.
   */
  legacyFunctionCall: boolean;
}

export const OPENAI_CHAT_DEFAULTS: OpenAiChatOptions = { legacyFunctionCall: false };

export const OPENAI_CHAT_OPTIONS: readonly FormatOption[] = [
  {
    key: 'legacyFunctionCall',
    label: 'Legacy function_call',
    description: 'Write tool calls as the legacy function_call (one per assistant message, no ids), results as function messages and tools as functions, instead of tool_calls with ids.',
    type: 'boolean',
    default: false,
    cliFlag: '--legacy-function-call',
  },
];

export function resolveOpenAiChatOptions(options: Partial<OptionValues> | undefined): OpenAiChatOptions {
  const legacy = options?.legacyFunctionCall;
  return { legacyFunctionCall: typeof legacy === 'boolean' ? legacy : OPENAI_CHAT_DEFAULTS.legacyFunctionCall };
}
