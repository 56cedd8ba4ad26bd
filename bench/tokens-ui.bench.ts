/**
 * Token view benchmark (`npm run bench:tokens-ui`; the core's figures are bench/tokens.bench.ts):
 * builds the site, serves it, and measures in headless Chromium with the shipped Qwen3 tokenizer
 * (OpenChatML records):
 * - keystroke → updated token counts, at 100 and 2,000 messages: from the keydown event's
 *   timestamp to the Token view receiving the tokenization of the text that contains the key
 *   (`__parley.onTokensUpdated` + `tokenCounts().text === renderedText()`), p50/p95;
 * - the JavaScript the Token view adds (its lazy chunks: the view and the worker; bytes and gzip),
 *   and the tokenizer.json it fetches (not JavaScript, listed apart).
 * Writes the figures to BENCHMARKS.md under "Token view (npm run bench:tokens-ui)".
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { conversationJson, percentile } from './ui-data.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.PARLEY_BENCH_PORT ?? 4176);
const BASE = `http://127.0.0.1:${PORT}/`;
const SIZES = [100, 2000];
const KEYSTROKES = Number(process.env.PARLEY_BENCH_KEYS ?? 40);
const WARMUP = 5;
const TARGET_P95_AT_100 = 100;
const HEADING = '## Token view (npm run bench:tokens-ui)';

/** The Token view's lazy files in the build: its chunk (+ CSS) and the worker; the tokenizer files apart. */
function tokenViewFiles(dist: string) {
  const assets = join(dist, 'assets');
  const names = readdirSync(assets);
  const js = names.filter((n) => /^(TokenView|token\.worker)-.*\.(js|css)$/.test(n));
  const sized = (n: string) => {
    const content = readFileSync(join(assets, n));
    return { file: n, bytes: content.length, gzip: gzipSync(content).length };
  };
  return { code: js.map(sized), tokenizers: names.filter((n) => /^tokenizer(_config)?-.*\.json$/.test(n)).map(sized) };
}

/** In-page harness as source text (see bench/ui.bench.ts: tsx would wrap functions in a `__name` helper). */
const ARM_SOURCE = `
function arm() {
  window.__bench = new Promise(function (resolve) {
    var start;
    function onKey(event) { start = event.timeStamp; window.removeEventListener('keydown', onKey, true); }
    window.addEventListener('keydown', onKey, true);
    var off = window.__parley.onTokensUpdated(function () {
      if (start === undefined) return;
      var counts = window.__parley.tokenCounts();
      if (!counts || counts.text !== window.__parley.renderedText()) return;
      off();
      resolve({ ms: performance.now() - start, count: counts.count });
    });
  });
}`;

async function measure(page: Page, messages: number) {
  const loaded = await page.evaluate((value) => window.__parley.load(value, 'bench.json'), conversationJson(messages));
  if (!loaded.ok) throw new Error(`load failed: ${loaded.message}`);
  await page.evaluate(() => window.__parley.setFormat('openchatml'));
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await page.waitForFunction(() => {
    const counts = window.__parley.tokenCounts();
    return counts !== null && counts.text === window.__parley.renderedText();
  }, undefined, { timeout: 120_000 });
  const field = page.getByLabel('Message 1 content', { exact: true });
  await field.click();
  await page.keyboard.press('End');
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.evaluate(`(function () { ${ARM_SOURCE}\n arm(); })()`);
    await page.keyboard.press('abcdefghijklmnopqrstuvwxyz'[i % 26] ?? 'x');
    const result = await page.evaluate(() => (window as unknown as { __bench: Promise<{ ms: number; count: number }> }).__bench);
    if (i >= WARMUP) times.push(result.ms);
    count = result.count;
  }
  const renderedChars = await page.evaluate(() => window.__parley.renderedText().length);
  return { messages, renderedChars, tokens: count, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), samples: times.length };
}

async function main(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'parley-tokens-ui-'));
  console.log('Building…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  const files = tokenViewFiles(dist);
  const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: dist }, preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const results = [];
    for (const size of SIZES) {
      console.log(`Typing into a ${size}-message conversation with the Token view open…`);
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.goto(BASE);
      await page.evaluate(() => window.__parley.ready);
      results.push(await measure(page, size));
      await context.close();
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const cpu = `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end`;
    const section = [
      HEADING,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} (${cpu}), headless Chromium ${browser.version()}, the production build, OpenChatML with the shipped Qwen3 tokenizer.`,
      `Keystroke → counts: from the keydown event to the Token view receiving the worker's tokenization of the text with that key; ${results[0]?.samples ?? 0} keystrokes per size after ${WARMUP} warm-up ones.`,
      '',
      '| conversation | rendered text | tokens | p50 | p95 | max | target (p95) |',
      '|---|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.messages} messages | ${(r.renderedChars / 1024).toFixed(0)} KB | ${r.tokens.toLocaleString('en-US')} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ${r.messages <= 100 ? `≤ ${TARGET_P95_AT_100} ms: ${r.p95 <= TARGET_P95_AT_100 ? 'met' : '**missed**'}` : 'none (typing never waits: the Text view updates first)'} |`,
      ),
      '',
      '| Token view code (lazy, loaded when the tab opens) | bytes | gzip |',
      '|---|---|---|',
      ...files.code.map((f) => `| ${f.file} | ${kb(f.bytes)} | ${kb(f.gzip)} |`),
      `| total | ${kb(files.code.reduce((s, f) => s + f.bytes, 0))} | ${kb(files.code.reduce((s, f) => s + f.gzip, 0))} |`,
      '',
      `Tokenizer files (fetched by the worker only when that tokenizer is used; not JavaScript): ${files.tokenizers.map((f) => `${f.file} ${kb(f.bytes)} (gzip ${kb(f.gzip)})`).join(', ')}.`,
      '',
      'Where the time goes: the worker encodes the render in pieces cut at its special tokens and reuses the pieces that did not change',
      '(src/core/tokens/segmented.ts; a whole encode of the 1 MB render takes about 430 ms in Node), and the view builds token elements',
      'only for the blocks near the screen. The rest is the render on the main thread and the messages to and from the worker.',
      '',
    ].join('\n');
    console.log(`\n${section}`);
    writeBenchmarkSection(ROOT, HEADING, section);
    console.log('Written to BENCHMARKS.md.');
  } finally {
    await browser.close();
    await new Promise<void>((resolve, reject) => server.httpServer.close((error) => (error ? reject(error) : resolve())));
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
