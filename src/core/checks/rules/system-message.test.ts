import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRules } from './index.ts';
import { byRoles } from './test-records.ts';

describe('systemMessage', () => {
  it('required: a record without a system or developer message is reported once, at its messages', () => {
    const rules = { systemMessage: { require: 'required' as const } };
    expect(checkRules(byRoles('user', 'assistant'), rules)).toEqual([
      { severity: 'error', code: 'rules/systemMessage', message: 'A system (or developer) message is required (systemMessage: "required"); this record has none.', path: ['messages'] },
    ]);
    expect(checkRules(byRoles('system', 'user', 'assistant'), rules)).toEqual([]);
    expect(checkRules(byRoles('developer', 'user', 'assistant'), rules)).toEqual([]);
  });

  it('forbidden: each system or developer message is reported at its role', () => {
    const rules = { systemMessage: { require: 'forbidden' as const, severity: 'info' as const } };
    expect(checkRules(byRoles('system', 'user', 'developer', 'assistant'), rules)).toEqual([
      { severity: 'info', code: 'rules/systemMessage', message: 'A system (or developer) message is forbidden (systemMessage: "forbidden"); messages[0] is one.', path: ['messages', 0, 'role'] },
      { severity: 'info', code: 'rules/systemMessage', message: 'A system (or developer) message is forbidden (systemMessage: "forbidden"); messages[2] is one.', path: ['messages', 2, 'role'] },
    ]);
    expect(checkRules(byRoles('user', 'assistant'), rules)).toEqual([]);
  });

  it('required or forbidden, on any roles: as the definition says (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('system', 'user', 'assistant', 'tool', 'developer'), { maxLength: 8 }), (roles) => {
        const system = roles.flatMap((role, m) => (role === 'system' || role === 'developer' ? [m] : []));
        const required = checkRules(byRoles(...roles), { systemMessage: { require: 'required' } });
        expect(required.length).toBe(system.length === 0 ? 1 : 0);
        const forbidden = checkRules(byRoles(...roles), { systemMessage: { require: 'forbidden' } });
        expect(forbidden.map((d) => d.path)).toEqual(system.map((m) => ['messages', m, 'role']));
      }),
      { numRuns: 300 },
    );
  });
});

