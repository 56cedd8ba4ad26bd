/** The roles Llama 3.1 was trained on (its template writes any role as a header as it is). */
import type { FormatRoles } from '../types.ts';

export const LLAMA3_ROLES: FormatRoles = {
  // A tool result is written as ipython, as the template writes it.
  writes: ['system', 'user', 'assistant', 'tool', 'ipython'],
  otherwise: 'the template writes it as a header as it is, a role Llama 3.1 was not trained on',
};
