/** The roles Qwen2.5's ChatML template writes a turn for (render.ts). */
import type { FormatRoles } from '../types.ts';

export const CHATML_ROLES: FormatRoles = {
  writes: ['system', 'user', 'assistant', 'tool'],
  otherwise: 'the template writes no turn for it, and the message is left out',
};
