/** The roles of harmony (openai/harmony's `Role`; legacy function messages are written as tool results). */
import type { FormatRoles } from '../types.ts';

export const HARMONY_ROLES: FormatRoles = {
  writes: ['system', 'developer', 'user', 'assistant', 'tool', 'function'],
  otherwise: 'it is written as it is, which gpt-oss reads as a tool\'s name',
};
