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
});
