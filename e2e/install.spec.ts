/**
 * Installing (docs/app.md, "Offline and install"): the web app manifest the built site links to,
 * and files opened with the installed app. Installing and double-clicking a file cannot run here:
 * the manifest's file handlers are checked as data, and the Launch Queue is a stub that hands the
 * app a real file handle (of the origin-private file system), as Chromium does.
 */
import { DATASET_FILE_TYPES } from '../src/app/files/file-types.ts';
import { expect, test } from './fixtures.ts';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

test('the manifest: standalone, relative to the site, icons that exist, file handlers for every dataset type', async ({ parley, page }) => {
  await parley.goto();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('./manifest.webmanifest');
  const manifestUrl = new URL(href as string, page.url()).href;
  const response = await page.request.get(manifestUrl);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    display: string;
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
    file_handlers: { action: string; accept: Record<string, string[]> }[];
  };
  expect(manifest).toMatchObject({ name: 'Parley', display: 'standalone', start_url: './', scope: './' });

  // Double-clicking a .jsonl, .ndjson or .json file opens it in the installed app, on its page.
  expect(manifest.file_handlers).toHaveLength(1);
  const [handler] = manifest.file_handlers;
  expect(handler?.action).toBe('./');
  expect(Object.values(handler?.accept ?? {}).flat().sort()).toEqual(['.json', '.jsonl', '.ndjson', '.parquet']);
  expect(handler?.accept).toEqual(Object.fromEntries(DATASET_FILE_TYPES.map((type) => [type.mime, type.extensions])));

  // Chromium installs with a 192 px and a 512 px icon; each is served and is the size it claims.
  for (const icon of manifest.icons) {
    const served = await page.request.get(new URL(icon.src, manifestUrl).href);
    expect(served.ok(), icon.src).toBe(true);
    expect(served.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') expect(pngSize(await served.body()), icon.src).toBe(icon.sizes);
  }
  expect(manifest.icons.filter((icon) => icon.type === 'image/png' && icon.purpose === undefined).map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);
  // Title-bar colours for light and dark.
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
});

test('a file opened with the installed app (Launch Queue) opens in the dataset view, and Save writes back into it', async ({ parley, page }) => {
  // Chromium's launchQueue (read-only, and idle outside an installed app), stubbed: the app's
  // consumer is kept for the test to call.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'launchQueue', {
      configurable: true,
      value: {
        setConsumer(consumer: unknown) {
          (window as unknown as { launchConsumer: unknown }).launchConsumer = consumer;
        },
      },
    });
  });
  await parley.goto();
  const lines = [0, 1, 2].map((i) => JSON.stringify({ messages: [{ role: 'user', content: `Launched question ${i}?` }] }));
  const original = `${lines.join('\n')}\n`;
  await page.evaluate(async (text) => {
    const root = await navigator.storage.getDirectory();
    const writable = await (await root.getFileHandle('launched.jsonl', { create: true })).createWritable();
    await writable.write(text);
    await writable.close();
  }, original);

  // The file manager's double-click: the launch queue hands the app the file's handle.
  await page.waitForFunction(() => typeof (window as unknown as { launchConsumer?: unknown }).launchConsumer === 'function');
  await page.evaluate(async () => {
    const handle = await (await navigator.storage.getDirectory()).getFileHandle('launched.jsonl');
    await (window as unknown as { launchConsumer: (params: { files: FileSystemFileHandle[] }) => Promise<void> }).launchConsumer({ files: [handle] });
  });
  await expect(parley.notice).toContainText('Opened launched.jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list).toBeVisible();
  await expect(parley.field('Message 1 content')).toHaveValue('Launched question 0?');

  await parley.field('Message 1 content').fill('Edited in the installed app');
  await list.getByRole('button', { name: /^Line 2: / }).click();
  // The handle came with the file: Save writes in place (not "Save (download)").
  await parley.button(/^Save$/).click();
  await expect(parley.notice).toContainText('Saved launched.jsonl');
  const saved = await page.evaluate(async () => (await (await (await navigator.storage.getDirectory()).getFileHandle('launched.jsonl')).getFile()).text());
  expect(saved).toBe(original.replace('Launched question 0?', 'Edited in the installed app'));
});
