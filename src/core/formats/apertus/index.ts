/** The Apertus chat format (specs 000 and 001; reference `chat_template.jinja`). */
import type { Format } from '../types.ts';
import { APERTUS_ROLES } from './roles.ts';
import { APERTUS_DEFAULTS, type ApertusOptions } from './options.ts';
import { parseApertus } from './parse.ts';
import { render } from './render.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const apertusFormat: Format<ApertusOptions> = {
  id: 'apertus',
  label: 'Apertus',
  description:
    'The chat format of the Apertus models (Swiss AI): structured assistant messages with thoughts, tool calls, tool outputs and responses, rendered exactly as the official chat template.',
  options: [
    { key: 'bosToken', label: 'BOS token', description: 'Text written at the very start (bos_token).', type: 'string', default: APERTUS_DEFAULTS.bosToken, cliFlag: '--bos' },
    {
      key: 'enableThinking',
      label: 'Thinking',
      description: 'enable_thinking: the developer section says "Deliberation: enabled" or "disabled".',
      type: 'boolean',
      default: APERTUS_DEFAULTS.enableThinking,
      cliFlag: '--no-thinking',
    },
    {
      key: 'addGenerationPrompt',
      label: 'Generation prompt',
      description: 'add_generation_prompt: end with <|assistant_start|>, as when asking the model for the next turn.',
      type: 'boolean',
      default: APERTUS_DEFAULTS.addGenerationPrompt,
      cliFlag: '--add-generation-prompt',
    },
    {
      key: 'date',
      label: 'Date',
      description: 'The "Current date:" of the default system prompt (used when there is no system message), YYYY-MM-DD; empty means today.',
      type: 'date',
      default: APERTUS_DEFAULTS.date,
      cliFlag: '--date',
    },
    {
      key: 'objectMapArguments',
      label: 'Object arguments as [object Map]',
      description:
        'Tool-call arguments given as a JSON object (not a string) are written as the official template writes them in @huggingface/jinja: "[object Map]" (Python\'s jinja2 raises). Off: their JSON text.',
      type: 'boolean',
      default: APERTUS_DEFAULTS.objectMapArguments,
      cliFlag: '--object-map-arguments',
    },
  ],
  defaults: APERTUS_DEFAULTS,
  specialTokens: SPECIAL_TOKENS,
  recordKinds: ['chat'],
  roles: APERTUS_ROLES,
  // The official template reads Apertus JSON: that dialect's reading of a file is what it renders.
  nativeDialect: 'apertus-json',
  render,
  parse: parseApertus,
};

export { render as renderApertus } from './render.ts';
export { formatAssistantContent, formatAssistantMessageAsString } from './format-assistant-content.ts';
export { APERTUS_DEFAULTS, resolveOptions as resolveApertusOptions, todayLocal } from './options.ts';
export type { ApertusOptions } from './options.ts';
export { TOKENS as APERTUS_TOKENS, SPECIAL_TOKENS as APERTUS_SPECIAL_TOKENS } from './tokens.ts';
export { CODES as APERTUS_CODES } from './codes.ts';
export { parseApertus } from './parse.ts';
