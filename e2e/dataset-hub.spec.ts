/**
 * Issue 27, item 3: a dataset from the Hugging Face Hub, never from the network: a fake Hub
 * (core's test-fake-hub.ts, the same answers as the client's unit tests) is served from the
 * app's own origin by page.route, with range support, and the page is pointed at it with
 * `?hub=`. Opening a split shows its first record having fetched only part of the file, by
 * range requests; offline says so; a gated dataset asks for a token, which is never persisted.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { parquetReadObjects } from 'hyparquet';
import { chatParquet, chatRow, type ChatRow } from '../src/core/dataset/source/parquet-fixture.ts';
import { FOOTER_READ_BYTES } from '../src/core/dataset/source/parquet.ts';
import { fakeHubAnswer, type FakeHubOptions } from '../src/core/dataset/hub/test-fake-hub.ts';
import { expect, test } from './fixtures.ts';

/** Words that do not compress away, so that the file is large enough for "part of it" to mean something. */
function text(i: number, words: number): string {
  let seed = i * 7919 + 1;
  const out: string[] = [];
  for (let w = 0; w < words; w++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(seed.toString(36));
  }
  return out.join(' ');
}

/** Conversations beside a larger other column (tags): opening reads the conversations only. */
const ROWS: ChatRow[] = Array.from({ length: 3000 }, (_, i) => ({
  ...chatRow(i),
  messages: [
    { role: 'user', content: `question ${i}: ${text(i, 40)}` },
    { role: 'assistant', content: `answer ${i}` },
  ],
  tags: [text(i + 100_000, 200)],
}));
const FILE = new Uint8Array(chatParquet(ROWS, 100));
const TOKEN = 'hf_sessiononly_0123456789';
const SMALL_ROWS = Array.from({ length: 12 }, (_, i) => chatRow(i));
const SMALL_0 = new Uint8Array(chatParquet(SMALL_ROWS.slice(0, 7), 5));
const SMALL_1 = new Uint8Array(chatParquet(SMALL_ROWS.slice(7), 5));
const arrayBufferOf = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

interface Served {
  method: string;
  url: string;
  range: string | undefined;
  status: number;
  bytes: number;
}

/** Serves the fake Hub under /fake-hub/ of the app's origin; returns what it answered. */
async function serveFakeHub(page: Page, baseURL: string): Promise<Served[]> {
  const base = new URL('fake-hub', baseURL).href;
  const options: FakeHubOptions = {
    base,
    datasets: {
      'team/chats': { splits: { default: { train: [FILE] } } },
      'team/gated': { splits: { default: { train: [FILE] } }, token: TOKEN },
      // Two shards of a split, read as one dataset.
      'team/small': { splits: { default: { test: [SMALL_0, SMALL_1] } } },
    },
  };
  const served: Served[] = [];
  await page.route(`${base}/**`, async (route) => {
    const request: Request = route.request();
    const headers = await request.allHeaders();
    const answer = fakeHubAnswer(options, { method: request.method(), url: request.url(), headers });
    served.push({ method: request.method(), url: request.url(), range: headers.range, status: answer.status, bytes: answer.body.byteLength });
    await route.fulfill({ status: answer.status, headers: answer.headers, body: Buffer.from(answer.body) });
  });
  return served;
}

async function openHubDialog(page: Page): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name: 'File', exact: true }).click();
  await page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: 'Open from the Hub…', exact: true }).click();
  return page.getByRole('dialog', { name: 'Open from the Hub' });
}

test('a Hub split opens at its first record, read by range requests, its other columns never fetched', async ({ parley, page, baseURL }) => {
  const served = await serveFakeHub(page, baseURL as string);
  await parley.goto('./?hub=fake-hub');
  const dialog = await openHubDialog(page);
  await dialog.getByLabel('Dataset id').fill('team/chats');
  await expect(dialog.getByLabel('Config', { exact: true })).toHaveValue('default');
  await expect(dialog.getByLabel('Split', { exact: true })).toHaveValue('train');
  await expect(dialog.getByLabel('Split size')).toContainText(`3,000 rows in 1 Parquet file (${(FILE.byteLength / (1024 * 1024)).toFixed(1)} MB in all). Opening reads its messages column:`);
  const fileBytes = () => served.filter((entry) => entry.url.endsWith('/0.parquet') && entry.method === 'GET').reduce((sum, entry) => sum + entry.bytes, 0);
  // Before the person chooses to open: the file's size (HEAD) and its footer only, one read.
  const beforeOpen = fileBytes();
  expect(beforeOpen).toBeLessThanOrEqual(FOOTER_READ_BYTES);
  // The dialog, filled in, has no serious accessibility problem.
  const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const open = dialog.getByRole('button', { name: /^Download [\d.]+ (KB|MB) and open$/ });
  await open.click();
  await expect(dialog).toBeHidden();
  await expect(parley.notice).toContainText('Opened team_chats-default-train.parquet');
  await expect(parley.field('Message 1 content')).toHaveValue(`question 0: ${text(0, 40)}`);

  const file = served.filter((entry) => entry.url.endsWith('/0.parquet') && entry.method === 'GET');
  expect(file.length).toBeGreaterThan(0);
  for (const entry of file) {
    expect(entry.range, entry.url).toMatch(/^bytes=\d+-\d+$/);
    expect(entry.status).toBe(206);
  }
  // Every record's conversation was read, the larger tags column never.
  expect(fileBytes()).toBeLessThan(FILE.byteLength * 0.4);
  test.info().annotations.push({ type: 'bytes', description: `file ${FILE.byteLength}, before open ${beforeOpen}, after open ${fileBytes()} in ${file.length} range requests` });
});

test('the built CSP lets the page talk to its own origin and the Hub only', async ({ parley, page }) => {
  await parley.goto();
  const csp = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  const connect = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('connect-src '));
  expect(connect).toBe("connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co");
});

test('offline: the dialog says so, and nothing is asked', async ({ parley, page, baseURL, context }) => {
  const served = await serveFakeHub(page, baseURL as string);
  await parley.goto('./?hub=fake-hub');
  const dialog = await openHubDialog(page);
  // Offline once the dialog is there (an installed app has its code offline; this test runs without the service worker).
  await context.setOffline(true);
  await dialog.getByLabel('Dataset id').fill('team/chats');
  await expect(dialog.getByRole('alert', { name: 'Hub problem' })).toHaveText(/^You are offline: team\/chats is read from 127\.0\.0\.1:\d+\./);
  expect(served).toEqual([]);
  await context.setOffline(false);
});

test('a gated dataset asks for a token; with it the split opens, and the token is kept nowhere', async ({ parley, page, baseURL, watch }) => {
  await serveFakeHub(page, baseURL as string);
  await parley.goto('./?hub=fake-hub');
  const dialog = await openHubDialog(page);
  await dialog.getByLabel('Dataset id').fill('team/gated');
  await expect(dialog.getByRole('alert', { name: 'Hub problem' })).toContainText('give an access token');
  const token = dialog.getByLabel('Access token (gated or private datasets)');
  await expect(token).toBeFocused();
  await token.fill(TOKEN);
  await expect(dialog.getByLabel('Split size')).toContainText('1 Parquet file');
  await dialog.getByRole('button', { name: /^Download .* and open$/ }).click();
  await expect(parley.field('Message 1 content')).toHaveValue(`question 0: ${text(0, 40)}`);
  // The browser logs the refused request (401) as a console error: expected here.
  watch.errors = watch.errors.filter((error) => !/status of 401/.test(error));

  // Whatever the app keeps (localStorage, sessionStorage, every IndexedDB store) holds no token.
  await page.waitForTimeout(1500); // past the autosave's debounce
  const kept = await page.evaluate(async () => {
    const texts: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error);
        });
        texts.push(JSON.stringify(values, (_key, value: unknown) => (value instanceof Blob ? `[blob ${value.size}]` : value)));
      }
      db.close();
    }
    return texts.join('\n');
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).not.toContain(TOKEN);
});

test('a split of two files: opened as one dataset, a record edited, exported as Parquet with every other value kept', async ({ parley, page, baseURL }) => {
  await serveFakeHub(page, baseURL as string);
  await parley.goto('./?hub=fake-hub');
  const dialog = await openHubDialog(page);
  // Another id typed after a first one was listed: listed in its turn.
  await dialog.getByLabel('Dataset id').fill('team/chats');
  await expect(dialog.getByLabel('Split size')).toContainText('3,000 rows');
  await dialog.getByLabel('Dataset id').fill('team/small');
  await expect(dialog.getByLabel('Split', { exact: true })).toHaveValue('test');
  await expect(dialog.getByLabel('Split size')).toContainText('12 rows in 2 Parquet files');
  await dialog.getByRole('button', { name: /^Download .* and open$/ }).click();
  const content = parley.field('Message 1 content');
  await expect(content).toHaveValue('question 0');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  // Row 8 is the second file's first row.
  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: /: question 8$|: question 8\b/ }).first().click();
  await expect(content).toHaveValue('question 8');
  await content.fill('question 8, edited');
  await list.getByRole('button', { name: /question 0/ }).first().click();
  await expect(list.getByRole('button', { name: /question 8, edited/ })).toBeVisible();

  await page.getByText('Export…', { exact: true }).click();
  const download = page.waitForEvent('download');
  await parley.button('Export Parquet').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('team_small-default-test.parley.parquet');
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const after = await parquetReadObjects({ file: arrayBufferOf(Buffer.concat(chunks)) });
  const before = [...(await parquetReadObjects({ file: arrayBufferOf(SMALL_0) })), ...(await parquetReadObjects({ file: arrayBufferOf(SMALL_1) }))];
  expect(after).toHaveLength(12);
  for (let i = 0; i < 12; i++) {
    const expected = i === 8 ? { ...before[i], messages: [{ role: 'user', content: 'question 8, edited' }, { role: 'assistant', content: 'answer 8' }] } : before[i];
    expect(after[i], `row ${i}`).toEqual(expected);
  }
});
