/**
 * What the hidden Text view costs a keystroke (issue 23 item 6): the page's main-thread time per
 * keystroke while the Tokens tab is shown, from Chromium's own counters (CDP `Performance.getMetrics`:
 * `ScriptDuration`, JavaScript; `TaskDuration`, every task, layout and paint included), summed over
 * the keystrokes and divided by their number. A sum of time spent is less disturbed by a busy,
 * shared machine than the percentiles of a latency. Also counts the changes of the Text view's
 * Monaco model meanwhile (`previewModelVersion`, absent in builds before it: "n/a").
 *
 *   PARLEY_BENCH_BASELINE=<a built dist/> npx tsx bench/hidden-text-view.ts
 *
 * builds this checkout, serves both builds (PARLEY_BENCH_PORT, default 4177, and 100 above it) and
 * measures them alternately, ROUNDS rounds each, at 100 messages (OpenChatML, the shipped Qwen3
 * tokenizer). Prints a table; writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { conversationJson } from './ui-data.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.PARLEY_BENCH_PORT ?? 4177);
const BASELINE = process.env.PARLEY_BENCH_BASELINE;
const MESSAGES = Number(process.env.PARLEY_BENCH_MESSAGES ?? 100);
const KEYSTROKES = Number(process.env.PARLEY_BENCH_KEYS ?? 60);
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 3);
const WARMUP = 5;

/** Each key waits for the Token view's answer for its text, then for two frames (the paint and Monaco's next-frame render). */
const ARM = `
window.__answered = new Promise(function (resolve) {
  var off = window.__parley.onTokensUpdated(function () {
    var counts = window.__parley.tokenCounts();
    // The page's own tokenization runs during the keystroke, before the preview has the new text (as in tokens-ui.bench.ts).
    if (!counts || (counts.by !== 'page' && counts.text !== window.__parley.renderedText())) return;
    off();
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(resolve, 0); }); });
  });
}); 0`;
/** No answer within this long: the run fails rather than waits forever (a normal answer takes < 0.5 s). */
const ANSWER_TIMEOUT_MS = 30_000;

interface Round {
  build: string;
  scriptMs: number;
  taskMs: number;
  modelChanges: number | undefined;
}

async function measure(browser: Browser, build: string, url: string): Promise<Round> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => window.__parley.ready);
    const loaded = await page.evaluate((value) => window.__parley.load(value, 'bench.json'), conversationJson(MESSAGES));
    if (!loaded.ok) throw new Error(`load failed: ${loaded.message}`);
    await page.evaluate(() => window.__parley.setFormat('openchatml'));
    await page.getByRole('tab', { name: 'Tokens' }).click();
    await page.waitForFunction(() => window.__parley.tokenCounts()?.text === window.__parley.renderedText(), undefined, { timeout: 120_000 });
    // As a person who opened the view a moment before: the page's copy of the tokenizer is ready.
    await page.waitForFunction(() => ['ready', 'off'].includes(window.__parley.tokenCounts()?.page.state ?? ''), undefined, { timeout: 120_000 }).catch(() => undefined);
    const field = page.getByLabel('Message 1 content', { exact: true });
    await field.click();
    await page.keyboard.press('End');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
      return { script: get('ScriptDuration'), task: get('TaskDuration') };
    };
    const version = () => page.evaluate(() => (window.__parley as { previewModelVersion?: () => number | undefined }).previewModelVersion?.());
    let before = await metrics();
    let versionBefore = await version();
    for (let i = 0; i < KEYSTROKES; i++) {
      if (i === WARMUP) {
        before = await metrics();
        versionBefore = await version();
      }
      await page.evaluate(ARM);
      await page.keyboard.press('abcdefghijklmnopqrstuvwxyz'[i % 26] ?? 'x');
      await page.evaluate(
        (ms) => Promise.race([(window as unknown as { __answered: Promise<void> }).__answered, new Promise((_, reject) => setTimeout(() => reject(new Error(`no Token view answer in ${ms} ms`)), ms))]),
        ANSWER_TIMEOUT_MS,
      );
    }
    const after = await metrics();
    const versionAfter = await version();
    const keys = KEYSTROKES - WARMUP;
    return {
      build,
      // The counters are in seconds; the page.evaluate calls of the harness are in them too, alike in both builds.
      scriptMs: ((after.script - before.script) * 1000) / keys,
      taskMs: ((after.task - before.task) * 1000) / keys,
      modelChanges: versionBefore === undefined || versionAfter === undefined ? undefined : versionAfter - versionBefore,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!BASELINE) throw new Error('PARLEY_BENCH_BASELINE=<a built dist/> is required: this benchmark compares two builds');
  const dist = mkdtempSync(join(tmpdir(), 'parley-hidden-text-view-'));
  console.log('Building…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  const serve = (outDir: string, port: number) => preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1', open: false } });
  const servers = [await serve(BASELINE, PORT + 100), await serve(dist, PORT)];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const rounds: Round[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [build, port] of [['before', PORT + 100], ['after', PORT]] as const) {
        console.log(`round ${round}, ${build}…`);
        rounds.push(await measure(browser, build, `http://127.0.0.1:${port}/`));
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) await new Promise<void>((resolve, reject) => server.httpServer.close((error) => (error ? reject(error) : resolve())));
    rmSync(dist, { recursive: true, force: true });
  }
  console.log(`\n${MESSAGES} messages, Tokens tab shown, ${KEYSTROKES - WARMUP} keystrokes per round after ${WARMUP} warm-up ones; ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end.`);
  console.log('| build | round | script per key | all tasks per key | Text view model changes |');
  console.log('|---|---|---|---|---|');
  rounds.forEach((r, i) => console.log(`| ${r.build} | ${Math.floor(i / 2) + 1} | ${r.scriptMs.toFixed(2)} ms | ${r.taskMs.toFixed(2)} ms | ${r.modelChanges ?? 'n/a'} |`));
}

await main();
