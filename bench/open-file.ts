/**
 * Open one file of your own in the built app, as a person picks it, and time it:
 * `npx tsx bench/open-file.ts FILE [--skip-build]` (JSON Lines, a JSON array or Parquet; for a
 * 1 GB Parquet file, make one with `npx tsx bench/parquet-data.ts DIR 1000`). Prints the time
 * from choosing the file to its first record in the preview, to every record checked (the
 * progress bar gone), the peak memory of all Chromium processes meanwhile (PSS, /proc) against
 * the idle page, and the record count. Nothing is written to BENCHMARKS.md: copy what you
 * quote, with this command. The built site goes to PARLEY_E2E_DIST (default dist-open-file),
 * served on PARLEY_E2E_PORT (default 4178); headless Chromium as the e2e tests find it.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { armOpenScript, type OpenTimes } from './arm-open.ts';
import { processTreeMb, samplePeak } from './chromium-memory.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.PARLEY_E2E_PORT ?? 4178);
const DIST = process.env.PARLEY_E2E_DIST ?? 'dist-open-file';
const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx bench/open-file.ts FILE [--skip-build]');
  process.exit(2);
}

/** Any record: the file is the person's own. 900 s: a 1 GB file on a loaded machine. */
const ARM_OPEN = armOpenScript('api.renderedText().length > 0', 900_000);

if (!process.argv.includes('--skip-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: DIST }, preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false } });
const browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  const rootPid = browserServer.process().pid as number;
  const browser = await chromium.connect(browserServer.wsEndpoint());
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.evaluate(() => window.__parley.ready);
  await page.waitForTimeout(500);
  const idleMb = processTreeMb(rootPid);
  const load = loadavg()[0] ?? 0;
  await page.evaluate(ARM_OPEN);
  const sampler = samplePeak(rootPid);
  // A path, not a buffer: the page gets a File backed by the file on disk, as when a person picks it.
  await page.locator('input[type=file]').first().setInputFiles(file);
  const times = (await page.evaluate('window.__benchOpen', undefined)) as OpenTimes;
  const peakMb = sampler.stop();
  if (times.error) throw new Error(times.error);
  const megabytes = statSync(file).size / 1048576;
  console.log(`${file}: ${megabytes.toFixed(1)} MB, ${times.records.toLocaleString('en')} records; first record ${times.first.toFixed(0)} ms; every record checked ${(times.checked / 1000).toFixed(1)} s; peak memory ${peakMb.toFixed(0)} MB (idle page ${idleMb.toFixed(0)} MB); load average ${load.toFixed(2)} at the start.`);
  await browser.close();
} finally {
  await browserServer.close();
  await server.close();
}
