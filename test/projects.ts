/**
 * Which test files share their modules (vitest `isolate: false`) and which get fresh ones.
 *
 * Isolating a file means importing its whole module graph again in a fresh context: over the 167
 * files of src/core that was about half of their CPU time (~100 s of CPU isolated, ~50 s shared,
 * docs/testing.md "How long it takes"). The core is pure by design (ARCHITECTURE.md: importing a
 * module only defines exports; its caches hold results that do not depend on who asked), so its
 * test files may share one copy of each module within a worker. Proof that none leaks into
 * another: the core's tests pass in shuffled order, shared (docs/testing.md).
 *
 * A core test file that replaces a module or a global (vi.mock, vi.stubGlobal, fake timers, …)
 * is found by reading it, and runs isolated: in a shared context its replacement would either
 * not take (the real module is imported already) or leak into the files after it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults } from 'vitest/config';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORE_TESTS = 'src/core/**/*.test.ts';
const ALL_TESTS = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'];

/** What makes a test file unsafe to share its modules with others. */
const REPLACES_SOMETHING = /\bvi\s*\.\s*(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\b/;

function testFilesUnder(folder: string): string[] {
  return readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${folder}/${name.split('\\').join('/')}`);
}

/** The core test files that replace a module or a global (repo-relative paths). */
export const coreTestsThatReplace: readonly string[] = testFilesUnder('src/core').filter((path) =>
  REPLACES_SOMETHING.test(readFileSync(join(REPO_ROOT, path), 'utf8')),
);

export const coreTestsSharingModules = { include: [CORE_TESTS], exclude: [...configDefaults.exclude, ...coreTestsThatReplace] };

export const isolatedTests = {
  include: [...ALL_TESTS],
  // Every core test but those that replace something.
  exclude: [...configDefaults.exclude, ...testFilesUnder('src/core').filter((path) => !coreTestsThatReplace.includes(path))],
};

