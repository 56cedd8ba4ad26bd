/** ChatML as Qwen2.5-Instruct writes it (reference: its Hub chat template; docs/formats.md, 'ChatML (Qwen2.5)'). */
import { onDemandFormat } from '../on-demand.ts';
import type { Format } from '../types.ts';
import { CHATML_ROLES } from './roles.ts';
import { CHATML_DEFAULTS, CHATML_OPTIONS, type ChatMlOptions } from './options.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const chatMlFormat: Format<ChatMlOptions> = onDemandFormat<ChatMlOptions>(
  {
    id: 'chatml',
    label: 'ChatML (Qwen2.5)',
    description:
      'ChatML turns (<|im_start|>role … <|im_end|>) exactly as Qwen2.5-Instruct\'s chat template writes them: default system message, tools in the system turn, <tool_call> JSON, <tool_response> blocks in user turns.',
    options: CHATML_OPTIONS,
    defaults: CHATML_DEFAULTS,
    specialTokens: SPECIAL_TOKENS,
    recordKinds: ['chat'],
    roles: CHATML_ROLES,
  },
  // The renderer and parser are their own chunk, loaded by `prepare` (on-demand.ts).
  async () => {
    const [{ renderChatMl }, { parseChatMl }] = await Promise.all([import('./render.ts'), import('./parse.ts')]);
    return { render: renderChatMl, parse: parseChatMl };
  },
);

export { CHATML_DEFAULTS };
export type { ChatMlOptions };
