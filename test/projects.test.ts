/**
 * The split of test files between vitest's two projects (test/projects.ts): a core test file that
 * replaces a module runs isolated, and no test file is left out or run twice.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreTestsSharingModules, coreTestsThatReplace, isolatedTests } from './projects.ts';

/** Every file under the folder, repo-relative (the tests run from the repository's root). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => `${folder}/${name.split('\\').join('/')}`);
}

/** The globs the projects use, as regular expressions (only `**`, `*` and `{a,b}` occur). */
function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_, options: string) => `(${options.split(',').join('|')})`)
    .replace(/\*\*\//g, '\0')
    .replace(/\*/g, '[^/]*')
    .replace(/\0/g, '(.*/)?');
  return new RegExp(`^${body}$`);
}

const ALL_FILES = [...filesUnder('src'), ...filesUnder('test')];

/** Vitest's include/exclude reading, near enough: globs for include, exact paths (or node_modules globs) for exclude. */
function filesOf(project: { include: readonly string[]; exclude: readonly string[] }): string[] {
  const excluded = new Set(project.exclude);
  const included = project.include.map(globRegExp);
  return ALL_FILES.filter((path) => included.some((glob) => glob.test(path)) && !excluded.has(path));
}

describe('the vitest projects', () => {
  it('runs the core test that mocks a module isolated, not shared', () => {
    // parquet-fast-guard.test.ts replaces parquet-lines.ts with vi.mock: shared, its replacement would not take.
    expect(coreTestsThatReplace).toContain('src/core/dataset/source/parquet-fast-guard.test.ts');
    expect(filesOf(isolatedTests)).toContain('src/core/dataset/source/parquet-fast-guard.test.ts');
    expect(filesOf(coreTestsSharingModules)).not.toContain('src/core/dataset/source/parquet-fast-guard.test.ts');
  });

  it('puts every test file in exactly one project', () => {
    const all = ALL_FILES.filter((path) => /^src\/.*\.test\.tsx?$|^test\/.*\.test\.ts$/.test(path));
    const shared = filesOf(coreTestsSharingModules);
    const isolated = filesOf(isolatedTests);
    expect(shared.length).toBeGreaterThan(100);
    expect(shared.filter((path) => isolated.includes(path))).toEqual([]);
    expect(all.length).toBeGreaterThan(300);
    expect([...shared, ...isolated].sort()).toEqual(all.sort());
  });
});
