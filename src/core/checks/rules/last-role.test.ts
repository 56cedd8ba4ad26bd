import { describe, expect, it } from 'vitest';
import { checkRules } from './index.ts';
import { byRoles } from './test-records.ts';

describe('lastRole', () => {
  const rules = { lastRole: { roles: ['assistant'] } };

  it("reports a last message of another role, at that message's role", () => {
    expect(checkRules(byRoles('user', 'assistant', 'user'), rules)).toEqual([
      { severity: 'error', code: 'rules/lastRole', message: 'The last message\'s role must be "assistant" (lastRole); messages[2] has the role "user".', path: ['messages', 2, 'role'] },
    ]);
    expect(checkRules(byRoles('user', 'assistant'), rules)).toEqual([]);
  });

  it('reports a record without messages at its messages', () => {
    expect(checkRules(byRoles(), { lastRole: { roles: ['assistant', 'tool'] } })).toEqual([
      { severity: 'error', code: 'rules/lastRole', message: 'The last message\'s role must be "assistant" or "tool" (lastRole); this record has no message.', path: ['messages'] },
    ]);
  });
});
