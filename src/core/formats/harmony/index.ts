/** Harmony, the format of OpenAI's gpt-oss models (see docs/formats.md, 'Harmony (gpt-oss)'). */
import type { Format } from '../types.ts';
import { HARMONY_DEFAULTS, HARMONY_OPTIONS, type HarmonyOptions } from './options.ts';
import { parseHarmony } from './parse.ts';
import { renderHarmony } from './render.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const harmonyFormat: Format<HarmonyOptions> = {
  id: 'harmony',
  label: 'Harmony (gpt-oss)',
  description: 'OpenAI gpt-oss: <|start|>role<|channel|>analysis|commentary|final<|message|>…<|end|> messages, a system message with reasoning effort and built-in tools, function tools in the developer message, tool calls to=functions.NAME ending with <|call|>.',
  options: HARMONY_OPTIONS,
  defaults: HARMONY_DEFAULTS,
  specialTokens: SPECIAL_TOKENS,
  recordKinds: ['chat'],
  render: renderHarmony,
  parse: parseHarmony,
};

export { renderHarmony, parseHarmony, HARMONY_DEFAULTS };
export type { HarmonyOptions };
