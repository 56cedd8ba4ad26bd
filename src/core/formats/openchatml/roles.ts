/** The roles of OpenChatML (§3). */
import type { FormatRoles } from '../types.ts';

export const OPENCHATML_ROLES: readonly string[] = ['system', 'user', 'assistant', 'tool'];

export const OPENCHATML_ROLE_SUPPORT: FormatRoles = {
  writes: OPENCHATML_ROLES,
  // Its own errors (chat.ts checkHeader): a developer message (with the fix to system) and a
  // role the header cannot hold (empty, or with white space: the header breaks).
  reportsItself: (role) => role === 'developer' || role === '' || /\s/.test(role),
  otherwise: 'it is written as it is, and a reader following §10 rejects it',
};
