import { describe, expect, it } from 'vitest';
import { checkRules } from './index.ts';
import { byRoles } from './test-records.ts';

describe('alternation', () => {
  const rules = { alternation: {} };

  it('reports the second of two user or two assistant messages in a row, at its role', () => {
    expect(checkRules(byRoles('system', 'user', 'user', 'assistant', 'assistant'), rules)).toEqual([
      { severity: 'error', code: 'rules/alternation', message: 'User and assistant messages must alternate (alternation); messages[2] is a second user message in a row, after messages[1].', path: ['messages', 2, 'role'] },
      { severity: 'error', code: 'rules/alternation', message: 'User and assistant messages must alternate (alternation); messages[4] is a second assistant message in a row, after messages[3].', path: ['messages', 4, 'role'] },
    ]);
  });

  it('lets system, developer and other roles stand between without breaking or making alternation', () => {
    expect(checkRules(byRoles('system', 'user', 'assistant', 'developer', 'user', 'assistant'), rules)).toEqual([]);
    expect(checkRules(byRoles('user', 'system', 'user'), rules).map((d) => d.path)).toEqual([['messages', 2, 'role']]);
  });

  it('takes an assistant message, its tool results and the next assistant message as one turn', () => {
    expect(checkRules(byRoles('user', 'assistant', 'tool', 'tool', 'assistant', 'user', 'assistant'), rules)).toEqual([]);
    // Tool results do not join two user messages.
    expect(checkRules(byRoles('user', 'tool', 'user'), rules).map((d) => d.path)).toEqual([['messages', 2, 'role']]);
  });

  it('startWith: the first user or assistant message has that role', () => {
    expect(checkRules(byRoles('system', 'assistant', 'user'), { alternation: { startWith: 'user' } })).toEqual([
      { severity: 'error', code: 'rules/alternation', message: 'The first user or assistant message must be user (alternation); messages[1] is assistant.', path: ['messages', 1, 'role'] },
    ]);
    expect(checkRules(byRoles('system', 'assistant', 'user'), rules)).toEqual([]);
  });
});
