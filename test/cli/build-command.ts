/**
 * Vitest global setup: builds the `parley` command from the current sources, as
 * `npm run build:lib` does (vite.cli.config.ts), into a temporary folder, and hands its path to
 * the tests (test/cli/run.ts). So the CLI tests run the compiled command, never a stale lib/,
 * and each spawn starts in ~0.1 s where tsx compiling the sources took ~0.6 s. The build takes
 * about a second; lib/ itself is left alone (test/package/pack.test.ts rebuilds it meanwhile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built command's entry file, run as `node FILE ARGS…`. */
    parleyCommand: string;
  }
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function buildInto(dir: string): Promise<void> {
  await build({
    root: REPO_ROOT,
    configFile: join(REPO_ROOT, 'vite.cli.config.ts'),
    logLevel: 'error',
    build: { outDir: dir, emptyOutDir: true, sourcemap: false },
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-command-'));
  await buildInto(dir);
  project.provide('parleyCommand', join(dir, 'cli.js'));
  // In watch mode the sources change between runs: build again before each rerun.
  project.onTestsRerun(() => buildInto(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
