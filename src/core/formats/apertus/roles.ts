/** The roles the Apertus template writes (its `Invalid message role` raise lists the others). */
import type { FormatRoles } from '../types.ts';

export const APERTUS_ROLES: FormatRoles = {
  writes: ['system', 'user', 'assistant', 'tool'],
  // A developer message: its own error (render.ts), with the fix that makes it the system message.
  reportsItself: (role) => role === 'developer',
  otherwise: 'the template raises ("Invalid message role"), and the message is not rendered',
};
