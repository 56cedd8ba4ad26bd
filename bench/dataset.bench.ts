/**
 * Dataset benchmark (`npm run bench:dataset`; `-- --gb` also opens a 1 GB file; `-- --mb N`
 * sizes the main file by megabytes instead of 100,000 records, for a quick run). Generates its
 * data in a temporary folder (removed at the end, never in the repository), builds the site,
 * serves it with `vite preview` and measures in headless Chromium (e2e/browser.ts finds it):
 * - choosing the file (the Open button's file input) → first record shown in the preview;
 * - → every record checked (the progress bar gone: the worker's index and second pass);
 * - browser memory: the peak PSS of all Chromium processes while opening (read from /proc),
 *   and after, against the idle page; the page's JS heap (DevTools protocol) beside;
 * - scrolling the record list: frames per second while its scroll position moves every frame;
 * - moving to the next record (`__parley.dataset.goto`, which resolves when the record is in the
 *   editors and the preview), p50 / p95 over 40 moves;
 * - a search over the whole file with the app's search bar, if the build has one (else "not measured");
 * - exporting (`__parley.dataset.exportBytes()`: the Blob the export writes, read back into
 *   bytes, so an upper bound of the download);
 * - and the command: `parley validate` on the same file, MB/s.
 * Writes the figures to BENCHMARKS.md under "Datasets (npm run bench:dataset)".
 * PARLEY_E2E_PORT / PARLEY_E2E_DIST choose the port and the build folder (as for the e2e tests);
 * the command is built beside it (`<dist>-command`); `-- --skip-build` reuses both.
 * `-- --baseline DIR` also opens the file in another build of the site (DIR, e.g. the commit
 * before a change, built with `npx vite build --outDir DIR`), served on port PARLEY_E2E_PORT + 1000,
 * in the same run and browser just before this one: the "before" beside the "after".
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { armOpenScript, type OpenTimes } from './arm-open.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { processTreeMb, samplePeak } from './chromium-memory.ts';
import { NEEDLE, NEEDLE_RECORD, writeDatasetFile } from './dataset-data.ts';
import { percentile } from './ui-data.ts';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.PARLEY_E2E_PORT ?? 4177);
const DIST = process.env.PARLEY_E2E_DIST ?? join(tmpdir(), 'parley-bench-dataset-dist');
const BASE = `http://127.0.0.1:${PORT}/`;
const HEADING = '## Datasets (npm run bench:dataset)';
const args = process.argv.slice(2);
const WITH_GB = args.includes('--gb');
/** Reuse the site and command built by the previous run (iterating on the bench itself). */
const SKIP_BUILD = args.includes('--skip-build');
const MB_ARG = args.indexOf('--mb');
const BASELINE_ARG = args.indexOf('--baseline');
const BASELINE = BASELINE_ARG >= 0 ? args[BASELINE_ARG + 1] : undefined;
/** Far from the e2e ports, which neighbouring checkouts take one after another. */
const BASELINE_PORT = PORT + 1000;
const RECORDS = 100_000;
/** Records of the 1 GB file (about 2.6 KB each). */
const GB_RECORDS = 410_000;
const MOVES = 40;
const SCROLL_MS = 3000;

const TARGETS = { firstMs: 1500, indexMs: 10_000, memoryRatio: 2, fps: 60, nextMs: 50, searchMs: 10_000, exportMs: 10_000, validateMbS: 50 };

interface OpenFigures {
  bytes: number;
  records: number;
  firstMs: number;
  checkedMs: number;
  peakMb: number;
  idleMb: number;
  afterMb: number;
  heapMb: number;
}

/** The first record of bench/dataset-data.ts's file starts with `#0 `. */
const ARM_OPEN = armOpenScript("api.renderedText().indexOf('#0 ') !== -1", 300_000);

async function openFile(browser: Browser, rootPid: number, file: string, bytes: number, records: number, base = BASE): Promise<{ page: Page; figures: OpenFigures }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.evaluate(() => window.__parley.ready);
  await page.waitForTimeout(500);
  const idleMb = processTreeMb(rootPid);
  await page.evaluate(ARM_OPEN);
  const sampler = samplePeak(rootPid);
  // A path, not a buffer: the page gets a File backed by the file on disk, as when a person picks it.
  await page.locator('input[type=file]').first().setInputFiles(file);
  const times = (await page.evaluate('window.__benchOpen', undefined)) as OpenTimes;
  if (times.error) throw new Error(times.error);
  const peakMb = sampler.stop();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await page.waitForTimeout(300);
  const afterMb = processTreeMb(rootPid);
  return { page, figures: { bytes, records, firstMs: times.first, checkedMs: times.checked, peakMb, idleMb, afterMb, heapMb: heap.usedSize / 1048576 } };
}

const SCROLL = `
new Promise(function (resolve) {
  var records = document.querySelector('ul[aria-label="Records"]');
  var list = records && records.parentElement;
  if (!list || list.scrollHeight < list.clientHeight + 1000) { resolve(null); return; }
  var frames = 0, worst = 0, start = performance.now(), last = start;
  function step(now) {
    frames++;
    worst = Math.max(worst, now - last);
    last = now;
    list.scrollTop += 240;
    if (now - start < ${SCROLL_MS}) requestAnimationFrame(step);
    else resolve({ fps: (frames - 1) / ((now - start) / 1000), worst: worst, rows: records.children.length });
  }
  requestAnimationFrame(function (now) { start = last = now; requestAnimationFrame(step); });
})
`;

const MOVE = `
(async function () {
  var times = [];
  var api = window.__parley.dataset;
  for (var i = 1; i <= ${MOVES}; i++) {
    var t = performance.now();
    await api.goto(i);
    times.push(performance.now() - t);
  }
  return times;
})()
`;

const EXPORT = `
(async function () {
  var t = performance.now();
  var bytes = await window.__parley.dataset.exportBytes();
  return { ms: performance.now() - t, length: bytes.length };
})()
`;

/**
 * The search, when the app has one (the search bar of wip/ds-search: role search "Search the
 * records"): from the click on Search to the result's count shown, polled every 50 ms.
 */
async function measureSearch(page: Page): Promise<{ ms: number; result: string } | null> {
  const search = page.getByRole('search', { name: 'Search the records' });
  if ((await search.count()) === 0) return null;
  await search.getByRole('searchbox', { name: 'Search records' }).fill(NEEDLE);
  const result = search.getByLabel('Search result');
  const start = performance.now();
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  for (;;) {
    const text = (await result.count()) > 0 ? ((await result.first().textContent()) ?? '') : '';
    if (/match/.test(text)) return { ms: performance.now() - start, result: text };
    if (performance.now() - start > 120_000) throw new Error(`the search gave no result in 120 s (${text})`);
    await page.waitForTimeout(50);
  }
}

/** `parley validate` on `file`: wall time, MB/s, with all cores and with one. */
function validateSpeed(command: string, file: string, bytes: number): { jobs: string; seconds: number; mbS: number; summary: string }[] {
  return [[], ['--jobs', '1']].map((extra) => {
    const start = performance.now();
    const run = spawnSync(process.execPath, [command, 'validate', '--format', 'apertus', '--jsonl', ...extra, file], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
    const seconds = (performance.now() - start) / 1000;
    const summary = run.stderr.trim().split('\n').at(-1) ?? '';
    return { jobs: extra.length ? '--jobs 1' : `default (${cpus().length} cores)`, seconds, mbS: bytes / 1048576 / seconds, summary };
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'parley-bench-dataset-'));
  const started = new Date();
  try {
    const megabytes = MB_ARG >= 0 ? Number(args[MB_ARG + 1]) : undefined;
    const records = megabytes === undefined ? RECORDS : Math.round((megabytes * 1048576) / 2600);
    console.log(`Generating ${fmt(records)} records…`);
    const file = join(work, 'bench.jsonl');
    const bytes = await writeDatasetFile(file, records);
    console.log(`${fmt(bytes / 1048576, 1)} MB. Building the site and the command…`);
    const commandDir = join(DIST, '..', `${basename(DIST)}-command`);
    if (!SKIP_BUILD) {
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
      await build({ root: ROOT, configFile: join(ROOT, 'vite.cli.config.ts'), logLevel: 'error', build: { outDir: commandDir, emptyOutDir: true, sourcemap: false } });
    }

    console.log('Validating with the command…');
    const validate = validateSpeed(join(commandDir, 'cli.js'), file, bytes);

    const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: DIST }, preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false } });
    const browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const rootPid = browserServer.process().pid as number;
    const browser = await chromium.connect(browserServer.wsEndpoint());
    try {
      let baseline: OpenFigures | undefined;
      if (BASELINE) {
        console.log(`Opening it in the baseline build (${BASELINE})…`);
        const server2 = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: BASELINE }, preview: { port: BASELINE_PORT, strictPort: true, host: '127.0.0.1', open: false } });
        try {
          const opened = await openFile(browser, rootPid, file, bytes, records, `http://127.0.0.1:${BASELINE_PORT}/`);
          baseline = opened.figures;
          console.log(baseline);
          await opened.page.context().close();
        } finally {
          await new Promise<void>((resolve, reject) => server2.httpServer.close((error) => (error ? reject(error) : resolve())));
        }
      }
      console.log('Opening it in Chromium…');
      const { page, figures } = await openFile(browser, rootPid, file, bytes, records);
      console.log(figures);
      console.log('Scrolling the list…');
      const scroll = (await page.evaluate(SCROLL)) as { fps: number; worst: number; rows: number } | null;
      console.log('Moving to the next record…');
      const moves = (await page.evaluate(MOVE)) as number[];
      console.log('Searching…');
      const search = await measureSearch(page);
      console.log('Exporting…');
      const exported = (await page.evaluate(EXPORT)) as { ms: number; length: number };
      await page.context().close();

      let gb: OpenFigures | undefined;
      let gbError: string | undefined;
      if (WITH_GB) {
        console.log('Generating and opening 1 GB…');
        const big = join(work, 'bench-1gb.jsonl');
        const bigBytes = await writeDatasetFile(big, GB_RECORDS);
        rmSync(file);
        try {
          const opened = await openFile(browser, rootPid, big, bigBytes, GB_RECORDS);
          gb = opened.figures;
          await opened.page.context().close();
        } catch (thrown) {
          gbError = thrown instanceof Error ? thrown.message : String(thrown);
        }
      }
      const section = report({ figures, baseline, scroll, moves, search, exported, validate, gb, gbError, browserVersion: browser.version(), started });
      console.log(`\n${section}`);
      writeBenchmarkSection(ROOT, HEADING, section);
      console.log('Written to BENCHMARKS.md.');
    } finally {
      await browser.close();
      await browserServer.close();
      await new Promise<void>((resolve, reject) => server.httpServer.close((error) => (error ? reject(error) : resolve())));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Results {
  figures: OpenFigures;
  baseline: OpenFigures | undefined;
  scroll: { fps: number; worst: number; rows: number } | null;
  moves: number[];
  search: { ms: number; result: string } | null;
  exported: { ms: number; length: number };
  validate: ReturnType<typeof validateSpeed>;
  gb: OpenFigures | undefined;
  gbError: string | undefined;
  browserVersion: string;
  started: Date;
}

function report(r: Results): string {
  const f = r.figures;
  const mb = f.bytes / 1048576;
  const next = { p50: percentile(r.moves, 50), p95: percentile(r.moves, 95) };
  const rows: string[][] = [
    ['choosing the file → first record shown', `${fmt(f.firstMs)} ms`, `≤ ${fmt(TARGETS.firstMs)} ms: ${verdict(f.firstMs <= TARGETS.firstMs)}`],
    ['→ every record indexed and checked (progress bar gone)', `${fmt(f.checkedMs)} ms`, `≤ ${fmt(TARGETS.indexMs)} ms: ${verdict(f.checkedMs <= TARGETS.indexMs)}`],
    ...(r.baseline
      ? [
          [`the same in the baseline build (\`--baseline ${BASELINE}\`), just before: first record / all checked / peak memory`, `${fmt(r.baseline.firstMs)} ms / ${fmt(r.baseline.checkedMs)} ms / ${fmt(r.baseline.peakMb)} MB`, 'for comparison'],
        ]
      : []),
    [
      'browser memory, peak while opening (PSS of all Chromium processes)',
      `${fmt(f.peakMb)} MB (idle page ${fmt(f.idleMb)} MB; after opening ${fmt(f.afterMb)} MB; page JS heap ${fmt(f.heapMb)} MB)`,
      `≤ 2 × ${fmt(mb)} MB = ${fmt(2 * mb)} MB: ${verdict(f.peakMb <= TARGETS.memoryRatio * mb)}`,
    ],
    r.scroll
      ? ['scrolling the record list', `${fmt(r.scroll.fps, 1)} frames/s (longest frame ${fmt(r.scroll.worst, 1)} ms)`, `60 frames/s: ${verdict(r.scroll.fps >= 57)}`]
      : ['scrolling the record list', 'not measured (no scrollable record list found)', ''],
    ['moving to the next record (p50 / p95 of 40)', `${fmt(next.p50, 1)} / ${fmt(next.p95, 1)} ms`, `≤ ${TARGETS.nextMs} ms: ${verdict(next.p95 <= TARGETS.nextMs)}`],
    r.search
      ? ['a search over the whole file (click → count shown)', `${fmt(r.search.ms)} ms (${r.search.result})`, `≤ ${fmt(TARGETS.searchMs)} ms: ${verdict(r.search.ms <= TARGETS.searchMs)}`]
      : ['a search over the whole file', 'not measured: this build has no search bar (it is on wip/ds-search)', `≤ ${fmt(TARGETS.searchMs)} ms`],
    ['exporting (the Blob read back into bytes)', `${fmt(r.exported.ms)} ms (${fmt(r.exported.length)} bytes)`, `≤ ${fmt(TARGETS.exportMs)} ms: ${verdict(r.exported.ms <= TARGETS.exportMs)}`],
    ...r.validate.map((v) => [`\`parley validate\`, ${v.jobs}`, `${fmt(v.mbS, 1)} MB/s (${fmt(v.seconds, 1)} s)`, `≥ ${TARGETS.validateMbS} MB/s: ${verdict(v.mbS >= TARGETS.validateMbS)}`]),
  ];
  if (r.gb) rows.push(['1 GB file opens', `${fmt(r.gb.bytes / 1048576)} MB, ${fmt(r.gb.records)} records: first record ${fmt(r.gb.firstMs)} ms, all checked ${fmt(r.gb.checkedMs / 1000, 1)} s, peak memory ${fmt(r.gb.peakMb)} MB`, 'opens: met']);
  else if (r.gbError) rows.push(['1 GB file opens', `failed: ${r.gbError}`, 'opens: **not met**']);
  else rows.push(['1 GB file opens', 'not run (add `-- --gb`)', '']);
  return [
    HEADING,
    '',
    `Measured ${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${cpus().length} cores, load average ${fmt(loadavg()[0] ?? 0, 1)} at the end), headless Chromium ${r.browserVersion}, the production build served by \`vite preview\`.`,
    `The file: ${fmt(f.records)} generated OpenAI Chat records, ${fmt(mb, 1)} MB of JSON Lines (bench/dataset-data.ts: a tool call with \`content: null\` every 3rd record, an empty assistant message every 100th, a bad line every 1,000th: about a third have errors), opened through the Open button's file input (a File backed by the file on disk).`,
    '',
    '| what | measured | target |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    'Memory is read from /proc (proportional set size of every Chromium process, sampled every 100 ms), not from `performance.measureUserAgentSpecificMemory` (it needs a cross-origin isolated page, which `vite preview` does not serve) nor the DevTools heap alone (it leaves out the worker, Blob data and Monaco\'s DOM); the page\'s JS heap after a forced collection is beside it.',
    `Moving to the next record is \`__parley.dataset.goto(i)\`, which resolves when the record is in the editors and the preview; the search looks for "${NEEDLE}" (record ${NEEDLE_RECORD} alone). Exporting is \`exportBytes()\`: the Blob Save or Export writes, read back into one array of bytes, so more work than a download.`,
    '',
  ].join('\n');
}

await main();
