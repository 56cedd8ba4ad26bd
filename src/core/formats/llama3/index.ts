/** Llama 3.1 Instruct (reference: its Hub chat template; docs/formats.md, 'Llama 3.1'). */
import { onDemandFormat } from '../on-demand.ts';
import type { Format } from '../types.ts';
import { LLAMA3_ROLES } from './roles.ts';
import { LLAMA3_DEFAULTS, LLAMA3_OPTIONS, type Llama3Options } from './options.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const llama3Format: Format<Llama3Options> = onDemandFormat<Llama3Options>(
  {
    id: 'llama3',
    label: 'Llama 3.1',
    description:
      'Llama 3.1 Instruct turns (<|start_header_id|>role<|end_header_id|> … <|eot_id|>) exactly as its chat template writes them: the date header, tools as JSON in the first user turn, {"name", "parameters"} calls, ipython tool results, <|eom_id|> for built-in tools.',
    options: LLAMA3_OPTIONS,
    defaults: LLAMA3_DEFAULTS,
    specialTokens: SPECIAL_TOKENS,
    recordKinds: ['chat'],
    roles: LLAMA3_ROLES,
  },
  // The renderer and parser are their own chunk, loaded by `prepare` (on-demand.ts).
  async () => {
    const [{ renderLlama3 }, { parseLlama3 }] = await Promise.all([import('./render.ts'), import('./parse.ts')]);
    return { render: renderLlama3, parse: parseLlama3 };
  },
);

export { LLAMA3_DEFAULTS };
export type { Llama3Options };
