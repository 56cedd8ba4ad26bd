/**
 * End-to-end tests against the built site (`dist/` served by `vite preview`), in a Chromium
 * found by `e2e/browser.ts` (CHROMIUM_PATH, a system Chromium, or the one inside the
 * @sparticuz/chromium dev dependency); Playwright's own browser downloads are not used.
 */
import { defineConfig } from '@playwright/test';
import { chromiumPathOrExit } from './e2e/browser.ts';
import { DIST_DIR, E2E_BUILD_ARGS, PREBUILT_ENV } from './e2e/dist-dir.ts';

/** PARLEY_E2E_PORT lets two checkouts run their suites at the same time. */
export const PORT = Number(process.env.PARLEY_E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}/`;

/** Flags for a quiet, offline-friendly headless Chromium (no background traffic to Google). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const CHROMIUM_PATH = chromiumPathOrExit();
export { DIST_DIR };

/** `vite preview` of the build; `npm test` built it already beside the unit tests (scripts/test.ts). */
const SERVE = `npx vite preview --outDir ${DIST_DIR} --port ${PORT} --strictPort --host 127.0.0.1`;
const BUILD = `npx ${E2E_BUILD_ARGS.join(' ')}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // One retry: a few tests measure typing bursts against the 500 ms undo-coalescing window, and a
  // heavily loaded 2-core machine can stall a simulated keystroke past it.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    // No service worker: one would answer requests from its cache, out of sight of the checks
    // that every request stays on 127.0.0.1. The offline specs (e2e/offline.spec.ts) opt in.
    serviceWorkers: 'block',
  },
  webServer: {
    command: process.env[PREBUILT_ENV] === '1' ? SERVE : `${BUILD} && ${SERVE}`,
    url: BASE_URL,
    // Always build and serve afresh: a reused server would test whatever dist/ it was started on.
    // PARLEY_E2E_REUSE_SERVER=1 skips that when iterating on tests only.
    reuseExistingServer: process.env.PARLEY_E2E_REUSE_SERVER === '1',
    timeout: 120_000,
    stdout: 'ignore',
  },
});
