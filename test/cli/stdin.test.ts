/**
 * JSON Lines on standard input: redirected from a file (`parley … < data.jsonl`), read like a
 * named file (line-chunks.ts), from where the file stands when the command starts; from a pipe
 * whose writer waits for each answer, each line answered before the next is written.
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { fixtureDir, REPO_ROOT } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

/** `script` run by sh with stdin redirected from `file`; `$0` is the compiled command. */
function shell(script: string, file: string): { status: number | null; stdout: string } {
  const result = spawnSync('sh', ['-c', `{ ${script}; } < "${file}"`, inject('parleyCommand')], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NODE: process.execPath } });
  return { status: result.status, stdout: result.stdout };
}

describe('standard input from a file', () => {
  const records = [0, 1, 2].map((n) => JSON.stringify(makeConversation(3 + n, n)));

  it('drops a byte-order mark and reads every line, as from the named file', () => {
    const file = files.write('bom.jsonl', `\uFEFF${records.join('\n')}\n`);
    const fromStdin = shell('"$NODE" "$0" validate --format apertus --jsonl', file);
    const named = spawnSync(process.execPath, [inject('parleyCommand'), 'validate', '--format', 'apertus', '--jsonl', file], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(fromStdin.status).toBe(0);
    expect(fromStdin.stdout).toBe(named.stdout);
    expect(fromStdin.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('starts where the file stands (a line the shell read first is not read again)', () => {
    const file = files.write('skip.jsonl', `${records.join('\n')}\n`);
    const all = shell('"$NODE" "$0" render --format apertus --date 2025-08-25 --jsonl', file);
    const rest = shell('read -r skipped; "$NODE" "$0" render --format apertus --date 2025-08-25 --jsonl', file);
    expect(all.stdout.trim().split('\n')).toHaveLength(3);
    expect(rest.stdout).toBe(all.stdout.split('\n').slice(1).join('\n'));
  });

  it.each(['1', '2'])('answers each line of a pipe before the next is written (--jobs %s; with 2, later lines go to a worker)', async (jobs) => {
    const child = spawn(process.execPath, [inject('parleyCommand'), 'validate', '--format', 'apertus', '--jsonl', '--jobs', jobs], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString('utf8')));
    const answered = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          if (out.split('\n').length > count) resolve();
          else if (Date.now() - started > 10_000) reject(new Error(`no answer to line ${count} within 10 s (got ${JSON.stringify(out)})`));
          else setTimeout(look, 10);
        };
        look();
      });
    for (let line = 1; line <= 4; line++) {
      child.stdin.write(`${records[line % 3]}\n`);
      await answered(line);
      // Time for a worker to start, so that later lines go to it.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    expect(out.trim().split('\n')).toEqual(Array.from({ length: 4 }, () => '{"valid":true,"diagnostics":[]}'));
  }, 60_000);
});
