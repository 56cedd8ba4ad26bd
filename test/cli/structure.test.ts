/**
 * The structural checks (core/checks/structure) through the command: the issue's ChatML example
 * (roles `human` and `bot`, an empty assistant turn), and the role fixes applied by `--fix`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const ISSUE_21 = '{"messages":[{"role":"human","content":"hi"},{"role":"bot","content":""}]}';

describe.concurrent('structural checks in the command', () => {
  it('validate --format chatml: exits 1 with the two role errors and the empty assistant turn', async () => {
    const run = await parley(['validate', '--format', 'chatml', files.write('issue21.json', ISSUE_21)]);
    expect(run.code).toBe(1);
    expect(lines(run.stdout).map((line) => line.replace(/:.*/s, ''))).toEqual(['ERROR messages[0].role', 'ERROR messages[1].content', 'ERROR messages[1].role']);
    expect(run.stdout).toContain('cannot write the role "human"');
    expect(run.stdout).toContain('It plainly means user.');
    expect(run.stdout).toContain('This assistant turn is empty');
    expect(run.stdout).not.toContain('lost in conversion');
  });

  it('render --fix: the roles are named as the format writes them, one kind of fix per role', async () => {
    const run = await parley(['render', '--format', 'chatml', '--fix', files.write('roles.json', '{"messages":[{"role":"Human","content":"hi"},{"role":"gpt","content":"hello"},{"role":"human","content":"bye"}]}')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\nhello<|im_end|>\n<|im_start|>user\nbye<|im_end|>\n');
    expect(lines(run.stderr).filter((line) => line.startsWith('  '))).toEqual(['  2 × Change the role to user (structure/role-to-user)', '  1 × Change the role to assistant (structure/role-to-assistant)']);
  });
});
