/**
 * The package as a user gets it: `npm pack` (which runs `prepare`, the build of lib/), the
 * tarball installed into an empty folder with npm, then the library imported from plain Node
 * and type-checked from TypeScript, and the installed `parley` command run. The expected text is
 * a golden render made by the official Apertus template (test/goldens/apertus), not by Parley.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/run.ts';

const GOLDEN = 'agentic-session';
const goldenJson = join(REPO_ROOT, 'test', 'goldens', 'apertus', `${GOLDEN}.json`);
const expectedText = readFileSync(join(REPO_ROOT, 'test', 'goldens', 'apertus', `${GOLDEN}.txt`), 'utf8');
const golden = JSON.parse(readFileSync(goldenJson, 'utf8')) as {
  options: { bosToken: string; enableThinking: boolean; addGenerationPrompt: boolean; date: string };
  conversation: unknown;
};

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to its end. npm's own `npm_*` variables (set when this runs under `npm test`)
 * are dropped, so that the npm started here reads its settings like one started by hand.
 */
function run(file: string, args: readonly string[], cwd: string): Promise<Outcome> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  return new Promise((resolvePromise) => {
    execFile(file, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolvePromise({ code, stdout, stderr });
    });
  });
}

function expectSuccess(outcome: Outcome, what: string): Outcome {
  if (outcome.code !== 0) throw new Error(`${what} exited with ${outcome.code}:\n${outcome.stderr}${outcome.stdout}`);
  return outcome;
}

const work = mkdtempSync(join(tmpdir(), 'parley-pack-'));
const consumer = join(work, 'consumer');
const installed = join(consumer, 'node_modules', 'parley');

beforeAll(async () => {
  const packs = join(work, 'packs');
  mkdirSync(packs);
  expectSuccess(await run('npm', ['pack', '--pack-destination', packs], REPO_ROOT), 'npm pack');
  const tarballs = readdirSync(packs).filter((name) => name.endsWith('.tgz'));
  expect(tarballs).toHaveLength(1);
  const tarball = join(packs, tarballs[0] as string);

  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const install = ['install', '--no-audit', '--no-fund', '--no-package-lock'];
  // The dependencies come from npm's cache (the project's own install put them there); a cache
  // that lacks one may still reach the registry.
  const offline = await run('npm', [...install, '--offline', tarball], consumer);
  if (offline.code !== 0) expectSuccess(await run('npm', [...install, '--prefer-offline', tarball], consumer), 'npm install');
}, 300_000);

/**
 * Removing the consumer's installed node_modules is thousands of files: on a loaded CI machine it
 * took longer than vitest's 10 s hook default (a clean run failed on it alone), so it gets a
 * minute.
 */
const REMOVE_TIMEOUT_MS = 60_000;
afterAll(() => rmSync(work, { recursive: true, force: true }), REMOVE_TIMEOUT_MS);

describe('the packed package', () => {
  it('holds the built command and library, and no sources', () => {
    for (const file of ['bin/parley.js', 'lib/cli.js', 'lib/core/index.js', 'lib/core/index.d.ts', 'package.json']) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
    for (const folder of ['src', 'test', 'node_modules/tsx']) expect(existsSync(join(installed, folder)), folder).toBe(false);
  });

  it('renders a conversation from plain Node ESM with the library', async () => {
    writeFileSync(
      join(consumer, 'render.mjs'),
      `import { readFileSync } from 'node:fs';
import { findCodec, findFormat } from 'parley';
const golden = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { record } = findCodec('apertus-json').decode(golden.conversation);
process.stdout.write(findFormat('apertus').render(record, golden.options).text);
`,
    );
    const outcome = expectSuccess(await run(process.execPath, ['render.mjs', goldenJson], consumer), 'node render.mjs');
    expect(outcome.stdout).toBe(expectedText);
  });

  it('has types a TypeScript consumer resolves: correct use compiles, a type error is caught', async () => {
    const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    // No @types/node in the consumer folder: the library's types must stand on their own.
    const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
    writeFileSync(
      join(consumer, 'good.ts'),
      `import { findCodec, findFormat, type Format, type InterchangeCodec, type Rendered } from 'parley';
const format: Format | undefined = findFormat('apertus');
const codec: InterchangeCodec | undefined = findCodec('apertus-json');
const record = codec?.decode({ messages: [{ role: 'user', content: 'Hi' }] }).record;
const rendered: Rendered | undefined = record && format?.render(record);
export const text: string | undefined = rendered?.text;
`,
    );
    writeFileSync(join(consumer, 'bad.ts'), `import { findFormat } from 'parley';\nexport const id: number = findFormat('apertus')?.id ?? 0;\n`);
    expectSuccess(await run(process.execPath, [tsc, ...options, 'good.ts'], consumer), 'tsc good.ts');
    const bad = await run(process.execPath, [tsc, ...options, 'bad.ts'], consumer);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toMatch(/bad\.ts\(2,14\): error TS2322: Type 'string \| 0' is not assignable to type 'number'/);
  }, 120_000);

  it('installs a parley command that lists the formats and renders exactly', async () => {
    const bin = join(consumer, 'node_modules', '.bin', 'parley');
    const formats = expectSuccess(await run(bin, ['formats'], consumer), 'parley formats');
    expect(formats.stdout).toMatch(/^ {2}apertus — Apertus$/m);
    const { bosToken, addGenerationPrompt, enableThinking, date } = golden.options;
    expect([addGenerationPrompt, enableThinking]).toEqual([true, true]); // the flags below say so
    const conversation = join(consumer, 'conversation.json');
    writeFileSync(conversation, JSON.stringify(golden.conversation));
    const flags = ['--bos', bosToken, '--date', date, '--add-generation-prompt'];
    const rendered = expectSuccess(await run(bin, ['render', '--format', 'apertus', ...flags, conversation], consumer), 'parley render');
    expect(rendered.stdout).toBe(expectedText);
  });
});
