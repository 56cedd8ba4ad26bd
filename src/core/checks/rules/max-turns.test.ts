import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRules } from './index.ts';
import { byRoles } from './test-records.ts';

describe('maxTurns', () => {
  it('counts user messages; over the limit, reports the first user message over it', () => {
    const record = byRoles('system', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant');
    expect(checkRules(record, { maxTurns: { max: 2 } })).toEqual([
      { severity: 'error', code: 'rules/maxTurns', message: 'A record may have at most 2 turns (user messages) (maxTurns); this one has 3, the first one over being messages[5].', path: ['messages', 5] },
    ]);
    expect(checkRules(record, { maxTurns: { max: 3 } })).toEqual([]);
  });

  it('speaks exactly when there are more user messages than the limit, at the first one over it (any roles, any limit)', () => {
    // The definition, said plainly: the user messages in order; over the limit, the one at index `max`.
    fc.assert(
      fc.property(fc.array(fc.constantFrom('system', 'user', 'assistant', 'tool', 'developer'), { maxLength: 12 }), fc.nat(6), (roles, max) => {
        const users = roles.flatMap((role, m) => (role === 'user' ? [m] : []));
        const got = checkRules(byRoles(...roles), { maxTurns: { max } });
        if (users.length <= max) expect(got).toEqual([]);
        else expect(got).toEqual([{ severity: 'error', code: 'rules/maxTurns', message: `A record may have at most ${max} turns (user messages) (maxTurns); this one has ${users.length}, the first one over being messages[${users[max]}].`, path: ['messages', users[max]] }]);
      }),
      { numRuns: 500 },
    );
  });
});

