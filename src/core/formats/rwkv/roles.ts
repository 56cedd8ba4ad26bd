/** The roles the RWKV template has a block for (plan.ts). */
import type { FormatRoles } from '../types.ts';

export const RWKV_ROLES: FormatRoles = {
  // developer is written as a system block (a lost-in-conversion warning says so).
  writes: ['system', 'developer', 'user', 'assistant', 'tool', 'function'],
  otherwise: 'RWKV has no block for it, and it is rendered as a user block',
};
