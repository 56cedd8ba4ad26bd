/**
 * The partition contract on a real distributed engine (docs/pipelines.md, "Dask"): Dask
 * distributed (Debian's python3-distributed, which serves /usr/bin/python3) starts a local
 * cluster, a scheduler and two worker processes; dask.bag reads JSON Lines partitions and each
 * is piped through the command on a worker; the gathered output is byte for byte one run's.
 *
 * Where the package is missing, the set-up installs it with apt-get when it runs as root (CI
 * does: .ci/run installs it first); elsewhere it skips saying why. In CI it never skips.
 */
import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { fixtureDir, parley } from './run.ts';

const PYTHON = '/usr/bin/python3';
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'dask_pipe.py');
/** Installing the package takes a minute or two on a fresh machine; the cluster starts in a few seconds. */
const INSTALL_MS = 600_000;
const RUN_MS = 180_000;

function hasDask(): boolean {
  try {
    execFileSync(PYTHON, ['-c', 'import dask.bag, distributed'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const isRoot = process.getuid?.() === 0;
const inCi = process.env.CI === 'true';
const missing = !hasDask();
/** Only a person's machine without the package and without root skips; CI installs it or fails. */
const skip = missing && !isRoot && !inCi;
if (skip) console.warn(`dask.test.ts skipped: ${PYTHON} has no dask.distributed and this is not root (apt-get install -y python3-distributed)`);

const files = fixtureDir();
afterAll(() => files.cleanup());

beforeAll(() => {
  if (!missing || skip) return;
  execFileSync('apt-get', ['update'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', 'python3-distributed'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}, INSTALL_MS);

/** Records with a blank line, malformed JSON and an unreadable record among them: all are results in place. */
function inputLines(): string[] {
  const bad = new Map<number, string>([
    [3, ''],
    [9, '{"messages": ['],
    [20, '{"nothing": true}'],
  ]);
  return Array.from({ length: 40 }, (_, n) => bad.get(n) ?? JSON.stringify(makeConversation(6, n)));
}

function runDask(parts: readonly string[], args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [SCRIPT, process.execPath, inject('parleyCommand'), ...parts, '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

const COMMANDS: [string, string[]][] = [
  ['render --jsonl', ['render', '--format', 'chatml', '--jsonl']],
  ['validate --jsonl', ['validate', '--format', 'chatml', '--jsonl']],
];

describe.skipIf(skip)('Dask distributed: partitions piped through parley on two worker processes', () => {
  const all = inputLines();
  const whole = files.write('whole.jsonl', all.map((line) => `${line}\n`).join(''));
  const cuts = [0, 7, 8, 25, all.length];
  const parts = cuts.slice(0, -1).map((from, i) => files.write(`part-${i}.jsonl`, all.slice(from, cuts[i + 1]).map((line) => `${line}\n`).join('')));

  it.each(COMMANDS)(
    '%s: the gathered output is one run over the whole, byte for byte',
    async (_name, args) => {
      const [dask, one] = await Promise.all([runDask(parts, args), parley([...args, '--jobs', '1', whole])]);
      expect(dask.code, dask.stderr).toBe(0);
      expect(one.stdout.split('\n')).toHaveLength(all.length + 1);
      expect(dask.stdout).toBe(one.stdout);
      const report = JSON.parse(dask.stderr.trim().split('\n').at(-1) as string) as { workers: number; pids: number[]; client: number };
      expect(report.workers).toBe(2);
      // The partitions ran in worker processes, not in the client.
      expect(report.pids.length).toBeGreaterThan(0);
      expect(report.pids).not.toContain(report.client);
    },
    RUN_MS,
  );
});
