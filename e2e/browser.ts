/**
 * Finds a Chromium for the end-to-end tests, the UI benchmark and the screenshot script, so that
 * `npm ci && npm test` passes on a machine with no system browser and no apt: Playwright's own
 * browser downloads cannot reach their host here (docs/testing.md, "A browser for the
 * end-to-end tests").
 *
 * Order: `CHROMIUM_PATH`; a system Chromium on the PATH; the headless Chromium that the
 * `@sparticuz/chromium` dev dependency carries inside its npm tarball (unpacked on first use
 * into the OS temp folder); else one line saying what to install.
 *
 * Synchronous on purpose: Playwright reads its config synchronously, in the runner and again in
 * every worker. The runner resolves the path once and leaves it in the environment, which the
 * workers inherit, so the package is unpacked once per run, not once per worker.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnSync } from 'node:child_process';

export interface FoundBrowser {
  path: string;
  /** Where it came from, for the one line the test run prints. */
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

/** Names a system Chromium goes by (Debian, Ubuntu/Fedora, Google's builds). */
const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** The environment variable that carries the runner's answer to its workers. */
const RESOLVED_ENV = 'PARLEY_CHROMIUM_RESOLVED';

export const NO_BROWSER_MESSAGE =
  'parley e2e: no Chromium found: set CHROMIUM_PATH to a Chromium executable, install one (Debian: apt-get install chromium), or run `npm ci` so that the @sparticuz/chromium dev dependency is installed.';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function systemChromium(pathVariable = process.env.PATH ?? ''): string | undefined {
  const dirs = pathVariable.split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return isExecutable('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Asks `@sparticuz/chromium` for its executable in a child Node (its API is asynchronous). */
function packagedChromium(): string | undefined {
  const script = "const m = await import('@sparticuz/chromium'); process.stdout.write(await m.default.executablePath());";
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  const path = result.status === 0 ? result.stdout.trim() : '';
  return path && isExecutable(path) ? path : undefined;
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundBrowser | undefined {
  const explicit = env.CHROMIUM_PATH;
  if (explicit) return { path: explicit, source: 'CHROMIUM_PATH' };
  const system = systemChromium(env.PATH);
  if (system) return { path: system, source: 'system' };
  const packaged = packagedChromium();
  return packaged ? { path: packaged, source: '@sparticuz/chromium' } : undefined;
}

/**
 * The Chromium path for this process, found once per run. Prints the one line and exits when
 * there is none or when CHROMIUM_PATH names something that cannot run, rather than letting
 * every test fail with Playwright's "Executable doesn't exist".
 */
export function chromiumPathOrExit(): string {
  const resolved = process.env[RESOLVED_ENV];
  if (resolved) return resolved;
  const found = findChromium();
  if (!found) {
    console.error(NO_BROWSER_MESSAGE);
    process.exit(1);
  }
  if (!isExecutable(found.path)) {
    console.error(`parley e2e: CHROMIUM_PATH is ${JSON.stringify(found.path)}, which is not an executable file.`);
    process.exit(1);
  }
  process.env[RESOLVED_ENV] = found.path;
  console.error(`parley e2e: Chromium from ${found.source}: ${found.path}`);
  return found.path;
}
