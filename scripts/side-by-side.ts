/**
 * Runs commands at the same time and says whether all passed: what `npm test` uses to keep both
 * cores of a CI machine busy (scripts/test.ts, scripts/run-together.ts). The first command's
 * output is shown as it comes (a long stage is not silent for minutes); the others' is kept and
 * printed whole when each ends, so that no two interleave line by line.
 */
import { spawn } from 'node:child_process';

export interface Command {
  /** What the report calls it (`typecheck`, `e2e build`). */
  name: string;
  program: string;
  args: readonly string[];
  /** Added to this process's environment. */
  env?: Readonly<Record<string, string>>;
}

/** `npm run --silent SCRIPT` as a command. */
export function npmScript(script: string, env?: Readonly<Record<string, string>>): Command {
  return { name: script, program: 'npm', args: ['run', '--silent', script], ...(env ? { env } : {}) };
}

function run(command: Command, live: boolean): Promise<number> {
  return new Promise((resolve) => {
    const env = { ...process.env, ...command.env };
    const child = spawn(command.program, [...command.args], { env, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      process.stdout.write(`> ${command.name}: ${status === 0 ? 'passed' : `failed (${signal ?? `exit ${status}`})`}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
    child.on('error', (error) => {
      process.stdout.write(`> ${command.name}: could not start: ${error.message}\n`);
      resolve(1);
    });
  });
}

/** Runs every command at once, the first one's output live; true when all exit with 0. */
export async function sideBySide(commands: readonly Command[]): Promise<boolean> {
  const codes = await Promise.all(commands.map((command, i) => run(command, i === 0)));
  return codes.every((code) => code === 0);
}
