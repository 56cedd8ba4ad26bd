import { describe, expect, it } from 'vitest';
import { doneBlocker } from './rules-to-clear.ts';

const guidelines = { name: 'team.guidelines.md', rules: 'rules/team.rules.json' };

describe('doneBlocker: the checks the guidelines ask reviewers to clear', () => {
  it('asks nothing when the guidelines name no rules file, or there are no guidelines', () => {
    expect(doneBlocker(null, null, ['rules/alternation'])).toBeUndefined();
    expect(doneBlocker({ name: 'g.md' }, null, ['rules/alternation'])).toBeUndefined();
  });

  it('asks for the named rules file to be loaded first (matched by its bare name)', () => {
    expect(doneBlocker(guidelines, null, [])).toMatch(/load it in the Rules panel/);
    expect(doneBlocker(guidelines, { name: 'other.rules.json' }, [])).toMatch(/rules\/team\.rules\.json/);
    expect(doneBlocker(guidelines, { name: 'team.rules.json' }, [])).toBeUndefined();
  });

  it("blocks a record with a diagnostic of the rules, naming them, and only the rules' own", () => {
    expect(doneBlocker(guidelines, { name: 'team.rules.json' }, ['chatml/unknown-role', 'lost-in-conversion'])).toBeUndefined();
    expect(doneBlocker(guidelines, { name: 'team.rules.json' }, ['rules/allowedRoles', 'chatml/unknown-role', 'rules/alternation'])).toBe(
      'Not marked done: this record does not clear rules/team.rules.json (allowedRoles, alternation), as team.guidelines.md asks. Fix it, or flag or reject it.',
    );
  });
});
