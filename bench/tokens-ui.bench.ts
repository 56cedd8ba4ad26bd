/**
 * Token view benchmark (`npm run bench:tokens-ui`; the core's figures are bench/tokens.bench.ts):
 * builds the site, serves it, and measures in headless Chromium with the shipped Qwen3 tokenizer
 * (OpenChatML records):
 * - keystroke → updated token counts, at 100 and 2,000 messages: from the keydown event's
 *   timestamp to the Token view receiving the tokenization of the text that contains the key
 *   (`__parley.onTokensUpdated` + `tokenCounts().text === renderedText()`), p50/p95;
 * - the JavaScript the Token view adds (its lazy chunks: the view and the worker; bytes and gzip),
 *   and the tokenizer.json it fetches (not JavaScript, listed apart).
 * With PARLEY_BENCH_BASELINE=<a built dist/>, that build is measured in the same run, size by size
 * ("before", then this checkout's "after"), for figures side by side on a shared machine.
 * With PARLEY_BENCH_TRACE=<a folder>, the last 6 Token view keystrokes of each run are traced
 * (Chromium trace files in that folder, for chrome://tracing or Perfetto), and whether each answer
 * was handled before or after the keystroke's first frame is printed (bench/trace-frames.ts).
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
import { goldenAvailable, goldenCase, GOLDEN_SKIP_REASON, QWEN25 } from '../test/reference/hf-jinja-golden.ts';
import { HANDLED_MARK, keystrokeFrames, type KeystrokeFrames } from './trace-frames.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.PARLEY_BENCH_PORT ?? 4176);
const BASE = `http://127.0.0.1:${PORT}/`;
/**
 * `--jinja`: the Jinja format with Qwen2.5-7B-Instruct's own template (from ../shared/reference,
 * hf-jinja-golden) instead of OpenChatML, at 100 messages (its mask renders every prefix of the
 * conversation: issue 23 item 2), written to its own section.
 */
const JINJA = process.argv.includes('--jinja');
/** PARLEY_BENCH_SIZES=100 (or 100,2000): the conversation sizes measured, messages. */
const SIZES = process.env.PARLEY_BENCH_SIZES ? process.env.PARLEY_BENCH_SIZES.split(',').map(Number) : JINJA ? [100] : [100, 2000];
const KEYSTROKES = Number(process.env.PARLEY_BENCH_KEYS ?? 125);
const WARMUP = 5;
/** Issue 23 item 6: as fast as the preview. */
const TARGET_P95_AT_100 = 20;
const TARGET_P95_AT_2000 = 50;
/**
 * PARLEY_BENCH_MESSAGE=<n>: the message typed into (1 by default: under a template, every later turn's prefix render is
 * then rendered again; the last message's keystrokes find them kept: issue 23 item 2).
 */
const TYPED_MESSAGE = Number(process.env.PARLEY_BENCH_MESSAGE ?? 1);
/**
 * PARLEY_BENCH_FORMAT=<format id>: another native format than OpenChatML (chatml, llama3), with
 * the tokenizer the view loads for it (Qwen3, Llama 3.1), written to a section of its own.
 */
const FORMAT_ID = process.env.PARLEY_BENCH_FORMAT ?? 'openchatml';
const FORMAT_NAMES: Record<string, string> = { openchatml: 'OpenChatML with the shipped Qwen3 tokenizer', chatml: 'ChatML with the shipped Qwen3 tokenizer', llama3: 'Llama 3.1 with its shipped tokenizer' };
const HEADING = JINJA
  ? '## Token view under a Jinja template (npm run bench:tokens-ui -- --jinja)'
  : FORMAT_ID === 'openchatml'
    ? '## Token view (npm run bench:tokens-ui)'
    : `## Token view, ${FORMAT_ID} (PARLEY_BENCH_FORMAT=${FORMAT_ID} npm run bench:tokens-ui)`;
const FORMAT = JINJA ? 'the Jinja format with Qwen2.5-7B-Instruct\'s template and the tokenizer the view chooses for it' : (FORMAT_NAMES[FORMAT_ID] ?? `the ${FORMAT_ID} format with the tokenizer the view loads for it`);
/** PARLEY_BENCH_BASELINE=<a built dist/>: that build is measured too, in the same run, size by size (served on PARLEY_BENCH_BASELINE_PORT, else 100 above PORT). */
const BASELINE = process.env.PARLEY_BENCH_BASELINE;
const BASELINE_PORT = Number(process.env.PARLEY_BENCH_BASELINE_PORT ?? PORT + 100);
/** PARLEY_BENCH_TRACE=<a folder>: Chromium traces of the last `TRACED` Token view keystrokes of each run go there. */
const TRACE = process.env.PARLEY_BENCH_TRACE;
/** PARLEY_BENCH_TRACED=<n>: how many of the last keystrokes are traced (6 by default). */
const TRACED = Number(process.env.PARLEY_BENCH_TRACED ?? 6);

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

/**
 * In-page harness as source text (see bench/ui.bench.ts: tsx would wrap functions in a `__name` helper).
 * `painted`: a task queued from the next animation frame runs after that frame's paint, so its time
 * is when what the answer changed is on screen.
 */
const ARM_SOURCE = `
function afterPaint(done) {
  requestAnimationFrame(function () { var channel = new MessageChannel(); channel.port1.onmessage = function () { done(performance.now()); }; channel.port2.postMessage(0); });
}
function armTokens(typed, length) {
  window.__bench = new Promise(function (resolve) {
    var start;
    function onKey(event) { start = event.timeStamp; window.removeEventListener('keydown', onKey, true); }
    window.addEventListener('keydown', onKey, true);
    var off = window.__parley.onTokensUpdated(function () {
      if (start === undefined) return;
      var counts = window.__parley.tokenCounts();
      // Only the tokenization of the text with this key typed: one character longer than before it, ending the message typed
      // into with the letters typed so far. (An answer for an older text, say a template's render of the key before arriving from its
      // worker, does not count: the letters alone recur, every 26 keys and from the preview's typing before.)
      if (!counts || counts.text.length !== length || counts.text.indexOf(typed) < 0) return;
      off();
      var handled = performance.now();
      performance.mark('${HANDLED_MARK}');
      afterPaint(function (painted) {
        resolve({ ms: painted - start, toAnswer: counts.answeredAt - start, render: counts.sentAt - start, transit: counts.answeredAt - counts.sentAt - counts.workerMs, worker: counts.workerMs, handle: handled - counts.answeredAt, paint: painted - handled, count: counts.count, page: counts.by === 'page' ? 1 : 0 });
      });
    });
  });
}
function armPreview(typed, length) {
  window.__bench = new Promise(function (resolve) {
    var start;
    function onKey(event) { start = event.timeStamp; window.removeEventListener('keydown', onKey, true); }
    window.addEventListener('keydown', onKey, true);
    var off = window.__parley.onPreviewUpdated(function () {
      var text = window.__parley.renderedText();
      if (start === undefined || text.length !== length || text.indexOf(typed) < 0) return;
      off();
      var updated = performance.now();
      afterPaint(function (painted) { resolve({ ms: painted - start, toAnswer: updated - start, paint: painted - updated }); });
    });
  });
}`;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** The last letters typed that an answer's text must hold (this key last); they recur, so its length is checked too. */
const TYPED_CHECKED = 12;

/** `page`: 1 when the page tokenized the keystroke itself (page-tokens.ts), 0 when the worker did. */
type Sample = Record<'ms' | 'toAnswer' | 'render' | 'transit' | 'worker' | 'handle' | 'paint' | 'count' | 'page', number>;

/**
 * Types `KEYSTROKES` letters at the end of Message TYPED_MESSAGE, each timed by the harness `arm` (armTokens or
 * armPreview). `tracePath`: the last `TRACED` keystrokes are traced to that file.
 */
async function typeTimed(page: Page, arm: string, tracePath?: string): Promise<{ samples: Sample[]; frames: KeystrokeFrames[] }> {
  if ((await page.getByLabel(`Message ${TYPED_MESSAGE} content`, { exact: true }).count()) === 0) {
    // The form lists the messages near its scroll position only: scroll it to its end, as a person would (the message typed
    // into is then one of the last: PARLEY_BENCH_MESSAGE is for the last message).
    await page.getByLabel('Message 1 content', { exact: true }).evaluate((element) => {
      let box = element.parentElement;
      while (box && !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible')) box = box.parentElement;
      box?.scrollTo(0, box.scrollHeight);
    });
  }
  const field = page.getByLabel(`Message ${TYPED_MESSAGE} content`, { exact: true });
  await field.click();
  await page.keyboard.press('End');
  const samples: Sample[] = [];
  const browser = page.context().browser();
  let typed = '';
  // Each key adds one character to the render (at the end of the message typed into).
  const before = await page.evaluate(() => window.__parley.renderedText().length);
  for (let i = 0; i < KEYSTROKES; i++) {
    if (tracePath && browser && i === KEYSTROKES - TRACED) await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'cc', 'benchmark'] });
    const key = LETTERS[i % LETTERS.length] ?? 'x';
    typed += key;
    await page.evaluate(`(function () { ${ARM_SOURCE}\n ${arm}(${JSON.stringify(typed.slice(-TYPED_CHECKED))}, ${before + i + 1}); })()`);
    await page.keyboard.press(key);
    const result = await page.evaluate(() => (window as unknown as { __bench: Promise<Sample> }).__bench);
    if (i >= WARMUP) samples.push(result);
  }
  let frames: KeystrokeFrames[] = [];
  if (tracePath && browser) {
    await browser.stopTracing();
    frames = keystrokeFrames(tracePath);
    const after = frames.filter((f) => f.handled > f.frame).length;
    console.log(`  traced to ${tracePath}: the answer handled after the keystroke's first frame in ${after} of ${frames.length} keystrokes (ms after keydown, frame / answer: ${frames.map((f) => `${f.frame.toFixed(1)} / ${f.handled.toFixed(1)}`).join(', ')})`);
  }
  return { samples, frames };
}

const p = (samples: Sample[], key: keyof Sample, q: number) => percentile(samples.map((s) => s[key]), q);

async function measure(page: Page, messages: number, build: string) {
  const loaded = await page.evaluate((value) => window.__parley.load(value, 'bench.json'), conversationJson(messages));
  if (!loaded.ok) throw new Error(`load failed: ${loaded.message}`);
  if (JINJA) {
    if (!goldenAvailable) throw new Error(GOLDEN_SKIP_REASON);
    await page.evaluate((template) => window.__parley.setFormat('jinja', { template }), goldenCase(QWEN25).chat_template);
  } else await page.evaluate((id) => window.__parley.setFormat(id), FORMAT_ID);
  // The preview first (Text view), in the same page and run: the figure to keep up with.
  const preview = (await typeTimed(page, 'armPreview')).samples;
  // The page's JavaScript heap (after a collection) before the Token view opens and once it is ready: what the view costs the page.
  const cdp = await page.context().newCDPSession(page);
  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
  };
  const heapBefore = await heapMb();
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await page.waitForFunction(() => {
    const counts = window.__parley.tokenCounts();
    return counts !== null && counts.text === window.__parley.renderedText();
  }, undefined, { timeout: 120_000 });
  // A build with the page-side path: typing starts once the page's copy of the tokenizer is loaded
  // and its pieces encoded (or it is off), as for a person who opened the view a moment before.
  const pageLoad = await page.evaluate(() => window.__parley.tokenCounts()?.page);
  if (pageLoad) {
    // A build whose worker says the tokenizer does not encode piece by piece (Llama 3.1 before
    // issue 23 item 6's second part) never starts the page's copy: its state stays "none".
    const since = Date.now();
    await page.waitForFunction((start) => {
      const state = window.__parley.tokenCounts()?.page;
      return state?.state === 'off' || (state?.state === 'ready' && state.warmed === true) || (state?.state === 'none' && Date.now() - start > 10_000);
    }, since, { timeout: 120_000 });
    const ready = await page.evaluate(() => window.__parley.tokenCounts()?.page);
    console.log(`  the page's copy of the tokenizer: ${JSON.stringify(ready)}`);
  }
  const heapView = (await heapMb()) - heapBefore;
  console.log(`  the page's heap grew by ${heapView.toFixed(1)} MB with the Token view open`);
  const { samples: tokens, frames } = await typeTimed(page, 'armTokens', TRACE ? join(TRACE, `${build || 'this'}-${messages}${JINJA ? '-jinja' : ''}.json`) : undefined);
  const renderedChars = await page.evaluate(() => window.__parley.renderedText().length);
  return { heapView, pageLoadMs: pageLoad ? ((await page.evaluate(() => window.__parley.tokenCounts()?.page.loadMs)) ?? 0) : undefined, messages, renderedChars, tokens: tokens.at(-1)?.count ?? 0, samples: tokens.length, preview, split: tokens, frames, p50: p(tokens, 'ms', 50), p95: p(tokens, 'ms', 95), max: Math.max(...tokens.map((s) => s.ms)) };
}

/** What the figures above came from, kept with them (written by hand: see BENCHMARKS.md's history of this section). */
const WHERE_IT_GOES: string[] = [
  'Where the time goes (issue 23 item 6, 2026-11-27). After a key, Chromium paints the keystroke\'s frame before it hands the page a',
  'worker\'s answer (its DeferRendererTasksAfterInput), so an answer from the worker is painted one frame late at best (the traced',
  'line of the "before" build). The page now tokenizes a small change itself, during the keystroke (src/app/tokens/page-tokens.ts:',
  'its own copy of the tokenizer, loaded in idle time after the view opens; only the message typed in is encoded; PAGE_NEW_CHARACTERS),',
  'so its counts and shading are painted in the keystroke\'s own frame; the worker answers the rest (docs/tokens.md, Speed). For a',
  'keystroke the page tokenized, "request posted" and "answer arrived" are the page\'s tokenization\'s start and end (no transit).',
  'Since issue 23 item 6 (second part), the page also takes the 2,000-message render (PAGE_MAX_TEXT 2,000,000 characters): its mask',
  'and counts are patched for the changed pieces only (src/core/tokens/piece-mask.ts), and Llama 3.1, whose tokenizer adds a BOS,',
  'is cut into pieces too (src/core/tokens/segmented.ts). PARLEY_BENCH_FORMAT=llama3 or chatml measures those formats.',
  'Since issue 23 item 6 (third part): nothing on a token\'s element depends on the tokens before its line (no number written on',
  'it, its shade by its place in its line: token-blocks-view.ts), so a keystroke touches only the tokens it changed (it had',
  're-shaded ~1,000 and renumbered ~2,500 elements: ~1-3 ms of script, ~1.3 ms of style); blocks of 2 messages instead of 8',
  '(the typed-in block\'s layout 1.5-1.8 -> 0.6-0.9 ms, its paint 1.5 -> 0.7 ms, traced); the hidden Text view leaves Monaco',
  'alone (~2 ms of script). Left per keystroke at 100 messages (traced, quiet): 3.5-5 ms of script in the input event (store,',
  'render, the page\'s tokenization ~1 ms, React), ~0.7 ms of forced layout, a frame of 3-3.7 ms; the frame waits for the next',
  'vsync tick after the input, so most of the p50 is that wait, as for the preview.',
  'Reproduce: git archive main | tar -x -C /tmp/base; ln -s "$PWD/node_modules" /tmp/base/node_modules; (cd /tmp/base && npx vite',
  'build --outDir dist-base); then PARLEY_BENCH_BASELINE=/tmp/base/dist-base PARLEY_BENCH_TRACE=/tmp/traces npm run bench:tokens-ui.',
];

/** The same for the Jinja section (written by hand). */
const JINJA_NOTE: string[] = [
  'Under a template, keydown → request posted is the page\'s render of the template with its mask\'s prefix renders',
  '(src/core/formats/jinja), done before the request can be posted; the answer then comes as for the native formats, after the',
  'keystroke\'s frame (the traced line). The preview\'s figure is measured with the Text view shown, in its own typing before the',
  'Token view\'s: compare each view with its own "before".',
];

async function main(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'parley-tokens-ui-'));
  console.log('Building…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  const files = tokenViewFiles(dist);
  const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: dist }, preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false } });
  const baseline = BASELINE ? await preview({ root: ROOT, logLevel: 'warn', build: { outDir: BASELINE }, preview: { port: BASELINE_PORT, strictPort: true, host: '127.0.0.1', open: false } }) : undefined;
  const builds: [string, string][] = [...(baseline ? [['before', `http://127.0.0.1:${BASELINE_PORT}/`] as [string, string]] : []), ['', BASE]];
  if (baseline) (builds[1] as [string, string])[0] = 'after';
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const results = [];
    for (const size of SIZES) {
      for (const [build, url] of builds) {
        console.log(`Typing into a ${size}-message conversation with the Token view open${build ? ` (${build})` : ''}…`);
        const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        await page.goto(url);
        await page.evaluate(() => window.__parley.ready);
        results.push({ build, ...(await measure(page, size, build)) });
        await context.close();
      }
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const cpu = `${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end`;
    const section = [
      HEADING,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} (${cpu}), headless Chromium ${browser.version()}, the production build, ${FORMAT}.${BASELINE ? ` Side by side in this run: "before" is the build in ${BASELINE}, "after" this checkout, one after the other at each size.` : ''}`,
      `Keystroke → on screen: from the keydown event to the first frame painted after the Token view received the tokenization of the text with that key (the page's own, or the worker's) (the preview: after its text changed, measured first in the same page with the Text view shown); ${results[0]?.samples ?? 0} keystrokes per size after ${WARMUP} warm-up ones, typed at the end of Message ${TYPED_MESSAGE}.`,
      '',
      '| conversation | rendered text | tokens | view | p50 | p95 | max | target (p95) |',
      '|---|---|---|---|---|---|---|---|',
      ...results.flatMap((r) => {
        const target = r.messages <= 100 ? TARGET_P95_AT_100 : TARGET_P95_AT_2000;
        return [
          `| ${r.messages} messages${r.build ? ` (${r.build})` : ''} | ${(r.renderedChars / 1024).toFixed(0)} KB | ${r.tokens.toLocaleString('en-US')} | Tokens | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms | ≤ ${target} ms: ${r.p95 <= target ? 'met' : '**missed**'} |`,
          `| | | | preview | ${p(r.preview, 'ms', 50).toFixed(1)} ms | ${p(r.preview, 'ms', 95).toFixed(1)} ms | ${Math.max(...r.preview.map((s) => s.ms)).toFixed(1)} ms | |`,
        ];
      }),
      `Tokenized on the page during the keystroke (page-tokens.ts; the rest by the worker): ${results.map((r) => `${r.split.reduce((sum, s) => sum + s.page, 0)} of ${r.samples} at ${r.messages} messages${r.build ? ` (${r.build})` : ''}`).join(', ')}.`,
      `The page's JavaScript heap with the Token view open, less before it opened (after a collection; the page's copy of the tokenizer and its pieces, the view's tokens and elements): ${results.map((r) => `${r.heapView.toFixed(1)} MB at ${r.messages} messages${r.build ? ` (${r.build})` : ''}${r.pageLoadMs !== undefined ? `, its copy read and loaded in ${r.pageLoadMs.toFixed(0)} ms` : ''}`).join('; ')}.`,
      '',
      'Where the Token view\'s time goes (p50 / p95 of each part, ms; the parts\' p95s do not add up to the total\'s):',
      '',
      '| conversation | keydown → request posted (input, store, render, spans) | posted → answer arrived, less the worker | worker (encode, mask) | answer arrived → handled | handled → painted (React, layout, paint) |',
      '|---|---|---|---|---|---|',
      ...results.map((r) => `| ${r.messages} messages${r.build ? ` (${r.build})` : ''} | ${(['render', 'transit', 'worker', 'handle', 'paint'] as const).map((k) => `${p(r.split, k, 50).toFixed(1)} / ${p(r.split, k, 95).toFixed(1)}`).join(' | ')} |`),
      '',
      ...(TRACE
        ? [
            `Traced (PARLEY_BENCH_TRACE, the last ${TRACED} keystrokes of each run): the worker's answer was handled after the keystroke's first frame in ${results.map((r) => `${r.frames.filter((f) => f.handled > f.frame).length} of ${r.frames.length} at ${r.messages} messages${r.build ? ` (${r.build})` : ''}`).join(', ')}.`,
            '',
          ]
        : []),
      '| Token view code (lazy, loaded when the tab opens) | bytes | gzip |',
      '|---|---|---|',
      ...files.code.map((f) => `| ${f.file} | ${kb(f.bytes)} | ${kb(f.gzip)} |`),
      `| total | ${kb(files.code.reduce((s, f) => s + f.bytes, 0))} | ${kb(files.code.reduce((s, f) => s + f.gzip, 0))} |`,
      '',
      `Tokenizer files (fetched by the worker only when that tokenizer is used; not JavaScript): ${files.tokenizers.map((f) => `${f.file} ${kb(f.bytes)} (gzip ${kb(f.gzip)})`).join(', ')}.`,
      '',
      ...(JINJA ? JINJA_NOTE : WHERE_IT_GOES),
      '',
    ].join('\n');
    console.log(`\n${section}`);
    writeBenchmarkSection(ROOT, HEADING, section);
    console.log('Written to BENCHMARKS.md.');
  } finally {
    await browser.close();
    await new Promise<void>((resolve, reject) => server.httpServer.close((error) => (error ? reject(error) : resolve())));
    if (baseline) await new Promise<void>((resolve, reject) => baseline.httpServer.close((error) => (error ? reject(error) : resolve())));
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
