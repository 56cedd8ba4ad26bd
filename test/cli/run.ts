/**
 * Runs the `parley` command as a child process and collects its exit code, stdout and stderr;
 * fixtures live in a temporary directory. The command is the compiled one, built from the
 * current sources at the start of the test run (build-command.ts, the same build as lib/cli.js),
 * so these tests check the code as it is now, as it ships. bin/parley.js itself, the launcher of
 * lib/cli.js, is run by test/package/pack.test.ts from a packed and installed tarball.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `stdin`: text, or bytes (not UTF-8, say). `env`: variables added to this process's environment for the child (e.g. `HF_ENDPOINT`). */
export function parley(args: readonly string[], stdin?: string | Uint8Array, env?: Readonly<Record<string, string>>): Promise<Run> {
  const command = inject('parleyCommand');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [command, ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'], env: env === undefined ? process.env : { ...process.env, ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => undefined); // the command may exit before reading stdin
    child.stdin.end(stdin ?? '');
  });
}

/** A temporary directory for fixture files, removed by `cleanup`. */
export function fixtureDir(): { path(name: string): string; write(name: string, content: string | object): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'parley-cli-'));
  return {
    path: (name) => join(dir, name),
    write(name, content) {
      const file = join(dir, name);
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The lines of a stream's text, without the empty one after a final newline. */
export function lines(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

/** Bad input is one line on stderr, exit 2, no stack trace. */
export function expectBadInput(run: Run): string {
  const errLines = lines(run.stderr);
  if (run.code !== 2 || errLines.length !== 1 || /\n\s+at /.test(run.stderr)) {
    throw new Error(`expected exit 2 with one stderr line, got ${run.code}:\n${run.stderr}`);
  }
  return errLines[0] as string;
}
