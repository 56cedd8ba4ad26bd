/**
 * Offline and updates (docs/app.md, "Offline and install"), with the service worker allowed
 * (every other spec blocks it: playwright.config.ts). The built site is served under a sub-path
 * by a plain static host (static-server.ts), as a deploy would be.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { DIST_DIR } from '../playwright.config.ts';
import { expect, test, type ParleyPage } from './fixtures.ts';
import { serveDist, type StaticHost } from './static-server.ts';

test.use({ serviceWorkers: 'allow' });

const PREFIX = '/deployed/under/a/sub-path/';

let host: StaticHost;
test.beforeEach(async () => {
  host = await serveDist(PREFIX);
});
test.afterEach(async () => {
  await host.close();
});

/** Every file of the build, relative to it. */
function builtFiles(): string[] {
  const root = resolve(process.cwd(), DIST_DIR);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Resolves once a service worker is active for the page (its precache complete). */
async function serviceWorkerActive(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The paths (relative to the site) in the service worker's precache. */
async function precached(page: Page, site: string): Promise<string[]> {
  const urls = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) found.push(request.url);
    }
    return found;
  });
  return urls.map((url) => new URL(url).pathname.slice(new URL(site).pathname.length));
}

async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The app's requests that reached the host since `from`. Chromium's own check for a new sw.js
 * (with the workbox file it imports) is not covered by Playwright's offline emulation and may
 * reach the host; offline for real it fails quietly and the installed worker goes on serving.
 */
function appRequests(from: number): string[] {
  return host.requested.slice(from).filter((path) => !/^sw\.js$|^workbox-[\w-]+\.js$/.test(path));
}

async function saved(parley: ParleyPage): Promise<void> {
  await expect(parley.saveStatus).toHaveText('Saved');
}

test('visited once, the site works with the network off: edit and export a conversation and a dataset', async ({ parley, page, context }) => {
  await parley.goto(host.url);
  await serviceWorkerActive(page);

  // Every built file is precached (Monaco's > 2 MiB chunk included) but the service worker's own
  // files and the shipped tokenizers, which are cached when first used.
  const expected = builtFiles().filter((path) => !/^sw\.js$|^workbox-[\w-]+\.js$|^assets\/tokenizer(_config)?-[\w-]+\.json$/.test(path));
  expect(expected.some((path) => /^assets\/monaco-[\w-]+\.js$/.test(path))).toBe(true);
  expect((await precached(page, host.url)).sort()).toEqual(expected.sort());

  await parley.field('Message 2 part 1 text').fill('Typed before going offline');
  await saved(parley);

  await context.setOffline(true);
  const served = host.requested.length;
  await page.reload();
  await parley.waitReady();
  // Nothing reached the host: the service worker answered.
  expect(appRequests(served)).toEqual([]);
  // The last conversation is restored, and the preview (Monaco) renders it.
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Typed before going offline');
  await parley.field('Message 2 part 1 text').fill('Edited offline');
  await parley.expectPreviewToContain('Edited offline');

  await parley.fileMenu('Export as…');
  const exportDialog = page.getByRole('dialog', { name: 'Export as…' });
  const conversation = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  expect(await downloadedText(await conversation)).toContain('Edited offline');

  // A dataset: opened, a record edited, the whole file exported.
  const lines = [0, 1, 2].map((i) => JSON.stringify({ messages: [{ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] }));
  await parley.openFile('offline.jsonl', `${lines.join('\n')}\n`, 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' })).toBeVisible();
  await expect(parley.field('Message 1 content')).toHaveValue('Question 0?');
  await parley.field('Message 2 content').fill('Answered offline.');
  await page.keyboard.press('Alt+KeyJ');
  await expect(parley.field('Message 1 content')).toHaveValue('Question 1?');
  await page.getByText('Export…', { exact: true }).click();
  const dataset = page.waitForEvent('download');
  await parley.button('Export the whole file').click();
  const exported = (await downloadedText(await dataset)).split('\n');
  expect(JSON.parse(exported[0] as string)).toEqual({ messages: [{ role: 'user', content: 'Question 0?' }, { role: 'assistant', content: 'Answered offline.' }] });
  expect(exported.slice(1)).toEqual([lines[1], lines[2], '']);
  expect(appRequests(served)).toEqual([]);
});

/**
 * A second build deployed over the first: the same files, but its index.html carries a marker
 * and its sw.js a new revision of index.html, as a real rebuild's would. (Deriving it from the
 * first keeps the test from running a second ~30 s build.)
 */
function secondBuild(path: string, body: Buffer): Buffer | undefined {
  if (path === 'index.html') return Buffer.from(body.toString('utf8').replace('<head>', '<head><meta name="parley-build" content="2">'));
  if (path === 'sw.js') {
    const text = body.toString('utf8');
    const next = text.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, '$1second-build"');
    if (next === text) throw new Error('sw.js has no precache entry for index.html to change');
    return Buffer.from(next);
  }
  return undefined;
}

test('a new version is announced, and applied only when the person chooses Reload, after saving', async ({ parley, page }) => {
  await parley.goto(host.url);
  await serviceWorkerActive(page);
  // A second visit: the page is now under the service worker, as a returning person's is.
  await page.reload();
  await parley.waitReady();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  host.deploy(secondBuild);
  // The browser looks for a new sw.js on navigations and periodically; ask it now.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('region', { name: 'New version' });
  await expect(prompt).toContainText('A new version of Parley is ready.');

  // Nothing happens until the person chooses: they go on editing.
  await parley.field('Message 2 part 1 text').fill('Typed while a new version waited');
  await expect(page.locator('meta[name="parley-build"]')).toHaveCount(0);

  const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await parley.waitReady();
  // The second build runs, with the edit made just before the reload.
  await expect(page.locator('meta[name="parley-build"]')).toHaveAttribute('content', '2');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Typed while a new version waited');
  await expect(page.getByRole('region', { name: 'New version' })).toHaveCount(0);
});

test('a shipped tokenizer is cached when first used (not precached) and counts tokens offline', async ({ parley, page, context }) => {
  test.setTimeout(90_000);
  await parley.goto(host.url);
  await serviceWorkerActive(page);
  await page.reload();
  await parley.waitReady();
  const tokenizerCache = () => page.evaluate(async () => (await (await caches.open('parley-tokenizers')).keys()).map((request) => new URL(request.url).pathname.split('/').pop()));
  expect(await tokenizerCache()).toEqual([]);

  // OpenChatML's Token view loads Qwen3's tokenizer (a stand-in) from the site.
  await parley.setFormat('openchatml');
  await page.getByRole('tab', { name: 'Tokens' }).click();
  const count = page.getByTestId('token-count');
  await expect(count).toHaveText(/^\d+ tokens$/, { timeout: 60_000 });
  const online = await count.textContent();
  const cached = await tokenizerCache();
  expect(cached.filter((name) => /^tokenizer-[\w-]+\.json$/.test(name ?? ''))).toHaveLength(1);
  expect(cached.filter((name) => /^tokenizer_config-[\w-]+\.json$/.test(name ?? ''))).toHaveLength(1);

  await context.setOffline(true);
  const served = host.requested.length;
  await page.reload();
  await parley.waitReady();
  await page.getByRole('tab', { name: 'Tokens' }).click();
  await expect(count).toHaveText(online as string, { timeout: 60_000 });
  expect(appRequests(served)).toEqual([]);
});
