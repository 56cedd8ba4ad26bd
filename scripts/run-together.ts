/**
 * Runs npm scripts at the same time and fails if any fails (`tsx scripts/run-together.ts typecheck
 * lint`): `npm test` checks types and lint side by side, since each is one process on one core
 * and CI has two (about a minute saved of a run that must stay under 15). Each script's output is
 * kept and printed whole when it ends, so the two never interleave line by line.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      process.stdout.write(`> ${script}: ${status === 0 ? 'passed' : `failed (${signal ?? `exit ${status}`})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
    child.on('error', (error) => {
      process.stdout.write(`> ${script}: could not start: ${error.message}\n`);
      resolve(1);
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error('usage: tsx scripts/run-together.ts SCRIPT [SCRIPT …]');
const codes = await Promise.all(scripts.map(run));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
