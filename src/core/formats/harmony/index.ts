/** Harmony, the format of OpenAI's gpt-oss models (see docs/formats.md, 'Harmony (gpt-oss)'). */
import { onDemandFormat } from '../on-demand.ts';
import type { Format } from '../types.ts';
import { HARMONY_ROLES } from './roles.ts';
import { HARMONY_DEFAULTS, HARMONY_OPTIONS, type HarmonyOptions } from './options.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const harmonyFormat: Format<HarmonyOptions> = onDemandFormat<HarmonyOptions>(
  {
    id: 'harmony',
    label: 'Harmony (gpt-oss)',
    description: 'OpenAI gpt-oss: <|start|>role<|channel|>analysis|commentary|final<|message|>…<|end|> messages, a system message with reasoning effort and built-in tools, function tools in the developer message, tool calls to=functions.NAME ending with <|call|>.',
    options: HARMONY_OPTIONS,
    defaults: HARMONY_DEFAULTS,
    specialTokens: SPECIAL_TOKENS,
    recordKinds: ['chat'],
    roles: HARMONY_ROLES,
  },
  // The renderer and parser are their own chunk, loaded by `prepare` (on-demand.ts).
  async () => {
    const [{ renderHarmony }, { parseHarmony }] = await Promise.all([import('./render.ts'), import('./parse.ts')]);
    return { render: renderHarmony, parse: parseHarmony };
  },
);

export { HARMONY_DEFAULTS };
export type { HarmonyOptions };
