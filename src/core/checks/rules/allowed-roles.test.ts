import { describe, expect, it } from 'vitest';
import { checkRules } from './index.ts';
import { byRoles } from './test-records.ts';

describe('allowedRoles', () => {
  const rules = { allowedRoles: { roles: ['system', 'user', 'assistant'] } };

  it('reports each message whose role is not allowed, at its role, as an error by default', () => {
    expect(checkRules(byRoles('system', 'human', 'assistant', 'bot'), rules)).toEqual([
      { severity: 'error', code: 'rules/allowedRoles', message: 'A message\'s role must be "system", "user" or "assistant" (allowedRoles); messages[1] has the role "human".', path: ['messages', 1, 'role'] },
      { severity: 'error', code: 'rules/allowedRoles', message: 'A message\'s role must be "system", "user" or "assistant" (allowedRoles); messages[3] has the role "bot".', path: ['messages', 3, 'role'] },
    ]);
  });

  it('says nothing when every role is allowed; a role is compared exactly', () => {
    expect(checkRules(byRoles('system', 'user', 'assistant'), rules)).toEqual([]);
    expect(checkRules(byRoles('User'), rules).map((d) => d.path)).toEqual([['messages', 0, 'role']]);
  });

  it("takes the rule's severity", () => {
    expect(checkRules(byRoles('tool'), { allowedRoles: { roles: ['user'], severity: 'warning' } })).toEqual([expect.objectContaining({ severity: 'warning', message: 'A message\'s role must be "user" (allowedRoles); messages[0] has the role "tool".' })]);
  });
});
