/**
 * Where the browser's memory goes while a dataset opens (`npx tsx bench/dataset-memory.bench.ts
 * LABEL=DIR … [--one-worker] [--heaps] [--series] [--rounds N] [--mb N]`): opens the bench file (bench/dataset-data.ts,
 * 100,000 records) in each given build of the site, in turn, `rounds` times, and reports for each
 * open the peak memory of all Chromium processes (PSS, /proc, sampled every 100 ms) and the peak
 * of each kind of process (browser, renderer, GPU, utility), so that builds and variants are
 * compared in one run on a shared machine. `--one-worker` also opens each build with one
 * checking worker (the page told it has one core: navigator.hardwareConcurrency = 1), to weigh
 * the second checking worker. Nothing is written to BENCHMARKS.md: the figures are read off and
 * recorded by hand beside the bench:dataset ones.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { writeDatasetFile } from './dataset-data.ts';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const builds = args.filter((a) => a.includes('=')).map((a) => a.split('=') as [string, string]);
const ONE_WORKER = args.includes('--one-worker');
const ROUNDS = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 2;
/**
 * Also the V8 heap of the page and of each worker (DevTools protocol: Runtime.getHeapUsage of
 * the page, and of each dedicated worker through Target.setAutoAttach), sampled every 250 ms:
 * the peak of each heap's committed size (`totalSize`: live objects and garbage not collected
 * yet, what the process holds for it) and of its live size (`usedSize`). (The page's
 * performance.measureUserAgentSpecificMemory would split memory by worker too, but this
 * Chromium refuses it even on a cross-origin isolated page.)
 */
const HEAPS = args.includes('--heaps');
/**
 * Also the course of the open: every 500 ms, the PSS of all Chromium and of the renderer, and
 * whether the first record is shown yet (the file indexed), so that a peak is placed in the
 * indexing or in the checking pass.
 */
const SERIES = args.includes('--series');
const MB = args.includes('--mb') ? Number(args[args.indexOf('--mb') + 1]) : undefined;
const PORT = Number(process.env.PARLEY_E2E_PORT ?? 4177) + 2000;

/** The browser process this bench launched: its child whose command line is Chromium's. */
function browserPid(): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith(CHROMIUM_PATH)) return Number(entry);
    } catch {
      // Ended while listing.
    }
  }
  throw new Error('The launched Chromium was not found among this process\'s children.');
}

/** Kilobytes of PSS by kind of process (`--type=` of its command line; none: the browser). */
function byKind(root: number): Map<string, number> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended while listing.
    }
  }
  const kinds = new Map<string, number>();
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    stack.push(...(byParent.get(pid) ?? []));
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const kind = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
      const pss = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      kinds.set(kind, (kinds.get(kind) ?? 0) + pss);
    } catch {
      // Ended while reading.
    }
  }
  return kinds;
}

const SHOWN_AND_CHECKED = `
new Promise(function (resolve) {
  var start = performance.now();
  (function poll() {
    var api = window.__parley;
    var shown = false;
    try { shown = api.dataset && api.dataset.count() > 0 && api.renderedText().indexOf('#0 ') !== -1; } catch (e) {}
    if (shown && document.querySelector('[role=progressbar]') === null) resolve(performance.now() - start);
    else if (performance.now() - start > 600000) resolve(-1);
    else setTimeout(poll, 50);
  })();
})
`;

interface HeapPeaks {
  stop(): Promise<string>;
}

/** Samples the heaps of the page and of its workers until stopped; their peaks, in MB. */
async function sampleHeaps(page: Page): Promise<HeapPeaks> {
  const cdp = await page.context().newCDPSession(page);
  const workers = new Map<string, string>();
  const pending = new Map<number, (usage: { usedSize: number; totalSize: number }) => void>();
  let next = 1;
  cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string; url: string } }) => {
    workers.set(event.sessionId, `worker ${workers.size + 1} (${event.targetInfo.url.replace(/^.*\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '')})`);
  });
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: { usedSize: number; totalSize: number } };
    if (reply.id !== undefined && reply.result) pending.get(reply.id)?.(reply.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const peaks = new Map<string, { used: number; total: number }>();
  const note = (name: string, usage: { usedSize: number; totalSize: number }) => {
    const peak = peaks.get(name) ?? { used: 0, total: 0 };
    peaks.set(name, { used: Math.max(peak.used, usage.usedSize), total: Math.max(peak.total, usage.totalSize) });
  };
  const ask = (sessionId: string, method = 'Runtime.getHeapUsage') =>
    new Promise<{ usedSize: number; totalSize: number }>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => resolve({ usedSize: 0, totalSize: 0 }));
      setTimeout(() => resolve({ usedSize: 0, totalSize: 0 }), 10000);
    });
  let stopped = false;
  const series: string[] = [];
  const began = Date.now();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const loop = (async () => {
    for (let tick = 0; !stopped; tick++) {
      const page = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
      note('page', page);
      const sample = [`${mb(page.totalSize)}`];
      for (const [sessionId, name] of workers) {
        const usage = await ask(sessionId);
        note(name, usage);
        if (/dataset/.test(name)) sample.push(`${mb(usage.totalSize)}`);
      }
      if (SERIES && tick % 4 === 0) series.push(`${((Date.now() - began) / 1000).toFixed(0)}s ${sample.join('+')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      if (SERIES) console.log(`  heaps committed, MB (page+checking workers): ${series.join(', ')}`);
      // What stays once the open is over: each heap after a full collection (live objects only).
      await cdp.send('HeapProfiler.collectGarbage');
      const settled = [`page ${mb(((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize)}`];
      for (const [sessionId, name] of workers) {
        await ask(sessionId, 'HeapProfiler.collectGarbage');
        settled.push(`${name.replace(/ \(.*/, '')} ${mb((await ask(sessionId)).usedSize)}`);
      }
      console.log(`  live after a full collection, MB: ${settled.join(', ')}`);
      return [...peaks].map(([name, peak]) => `${name} ${mb(peak.total)} (live ${mb(peak.used)})`).join(', ');
    },
  };
}

async function openOnce(browser: Browser, rootPid: number, base: string, file: string, oneWorker: boolean): Promise<string> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1400, height: 900 } });
  if (oneWorker) await context.addInitScript('Object.defineProperty(navigator, "hardwareConcurrency", { get: function () { return 1; } });');
  const page = await context.newPage();
  await page.goto(base);
  await page.evaluate(() => window.__parley.ready);
  await page.waitForTimeout(500);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const idle = sum(byKind(rootPid));
  const peaks = new Map<string, number>();
  let peakTotal = 0;
  const series: string[] = [];
  const began = Date.now();
  let ticks = 0;
  const timer = setInterval(() => {
    const kinds = byKind(rootPid);
    peakTotal = Math.max(peakTotal, sum(kinds));
    if (SERIES && ticks++ % 5 === 0) series.push(`${((Date.now() - began) / 1000).toFixed(1)}s ${Math.round(sum(kinds) / 1024)}/${Math.round((kinds.get('renderer') ?? 0) / 1024)}`);
    for (const [kind, kb] of kinds) peaks.set(kind, Math.max(peaks.get(kind) ?? 0, kb));
  }, 100);
  const heaps = HEAPS ? await sampleHeaps(page) : undefined;
  const opened = page.evaluate(SHOWN_AND_CHECKED) as Promise<number>;
  await page.locator('input[type=file]').first().setInputFiles(file);
  const shownAt = SERIES ? page.evaluate(`new Promise(function (resolve) { var s = performance.now(); (function poll() { var api = window.__parley; var n = 0; try { n = api.dataset.count(); } catch (e) {} if (n > 0) resolve(performance.now() - s); else setTimeout(poll, 50); })(); })`) : undefined;
  const ms = await opened;
  clearInterval(timer);
  if (SERIES) console.log(`  indexed at ${(((await shownAt) as number) / 1000).toFixed(1)} s; MB all/renderer: ${series.join(', ')}`);
  const heapText = heaps ? `; V8 heap peaks, MB: ${await heaps.stop()}` : '';
  await context.close();
  const mb = (kb: number) => Math.round(kb / 1024);
  return `checked ${(ms / 1000).toFixed(1)} s, peak ${mb(peakTotal)} MB (idle ${mb(idle)}): ${[...peaks].map(([k, v]) => `${k} ${mb(v)}`).join(', ')}${heapText}`;
}

const work = mkdtempSync(join(tmpdir(), 'parley-memory-'));
try {
  const file = join(work, 'bench.jsonl');
  const bytes = await writeDatasetFile(file, MB === undefined ? 100_000 : Math.round((MB * 1048576) / 2600));
  console.log(`${(bytes / 1048576).toFixed(1)} MB file; target 2× = ${((2 * bytes) / 1048576).toFixed(0)} MB`);
  // Launched, not connected to: a connected browser is remote to Playwright, which then copies
  // the 250 MB file into it for every open (20–400 s on a loaded machine); launched, it is given the path.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const rootPid = browserPid();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [label, dir]] of builds.entries()) {
        const port = PORT + i;
        const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: dir }, preview: { port, strictPort: true, host: '127.0.0.1', open: false } });
        try {
          for (const one of ONE_WORKER ? [false, true] : [false]) {
            const line = await openOnce(browser, rootPid, `http://127.0.0.1:${port}/`, file, one);
            console.log(`round ${round + 1} ${label}${one ? ' (one worker)' : ''}: ${line}; load ${loadavg()[0]?.toFixed(1)}`);
          }
        } finally {
          await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
        }
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
