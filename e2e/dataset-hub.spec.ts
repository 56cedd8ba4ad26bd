/**
 * Issue 27, item 3: a dataset from the Hugging Face Hub, never from the network: a fake Hub
 * (core's test-fake-hub.ts, the same answers as the client's unit tests) is served from the
 * app's own origin by page.route, with range support, and the page is pointed at it with
 * `?hub=`. Opening a split shows its first record having fetched only its footer and first
 * block, by range requests; rows are read as they come into view; reading every row is the
 * person's choice; offline says so; a gated dataset asks for a token, which is never persisted.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { chatParquet, chatRow, type ChatRow } from '../src/core/dataset/source/parquet-fixture.ts';
import { FOOTER_READ_BYTES } from '../src/core/dataset/source/parquet.ts';
import { fakeHubAnswer, type FakeHubOptions } from '../src/core/dataset/hub/test-fake-hub.ts';
import { MIN_READ_BYTES } from '../src/core/dataset/hub/range-buffer.ts';
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

/** While `wait` is set, the fake Hub answers only once it settles (a slow network, seen by a test). */
interface Gate {
  wait?: Promise<void>;
}

/** Serves the fake Hub under /fake-hub/ of the app's origin; returns what it answered. */
async function serveFakeHub(page: Page, baseURL: string, gate: Gate = {}): Promise<Served[]> {
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
    if (gate.wait) await gate.wait;
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
  await expect(dialog.getByLabel('Split size')).toContainText(`3,000 rows in 1 Parquet file (${(FILE.byteLength / (1024 * 1024)).toFixed(1)} MB in all). Opening reads its messages column on demand: only the rows shown are downloaded;`);
  const fileBytes = () => served.filter((entry) => entry.url.endsWith('/0.parquet') && entry.method === 'GET').reduce((sum, entry) => sum + entry.bytes, 0);
  // Before the person chooses to open: the file's size (HEAD) and its footer only, one read.
  const beforeOpen = fileBytes();
  expect(beforeOpen).toBeLessThanOrEqual(FOOTER_READ_BYTES);
  // The dialog, filled in, has no serious accessibility problem.
  const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(parley.notice).toContainText('Opened team_chats-default-train.parquet');
  await expect(parley.field('Message 1 content')).toHaveValue(`question 0: ${text(0, 40)}`);

  const file = served.filter((entry) => entry.url.endsWith('/0.parquet') && entry.method === 'GET');
  expect(file.length).toBeGreaterThan(0);
  for (const entry of file) {
    expect(entry.range, entry.url).toMatch(/^bytes=\d+-\d+$/);
    expect(entry.status).toBe(206);
  }
  // Read on demand: far less than every record's conversation (the test below bounds it exactly), the larger tags column never.
  expect(fileBytes()).toBeLessThan(FILE.byteLength * 0.19);
  test.info().annotations.push({ type: 'bytes', description: `file ${FILE.byteLength}, before open ${beforeOpen}, after open ${fileBytes()} in ${file.length} range requests` });
});

/** The compressed bytes of the `messages` column's chunk of row group `group` of FILE: what reading a block of that group fetches, at most. */
function messagesChunkBytes(group: number): number {
  const metadata = parquetMetadata(arrayBufferOf(FILE));
  return (metadata.row_groups[group]?.columns ?? []).filter((chunk) => chunk.meta_data?.path_in_schema[0] === 'messages').reduce((sum, chunk) => sum + Number(chunk.meta_data?.total_compressed_size ?? 0), 0);
}

test('a Hub split read on demand: record 0 from the footer and first block, a far row read when scrolled to, reading all a choice that keeps an edit made before', async ({ parley, page, baseURL }) => {
  test.setTimeout(90_000);
  const gate: Gate = {};
  const served = await serveFakeHub(page, baseURL as string, gate);
  const fileBytes = () => served.filter((entry) => entry.url.endsWith('/0.parquet') && entry.method === 'GET').reduce((sum, entry) => sum + entry.bytes, 0);
  await parley.goto('./?hub=fake-hub');
  const dialog = await openHubDialog(page);
  await dialog.getByLabel('Dataset id').fill('team/chats');
  await expect(dialog.getByLabel('Split size')).toContainText('on demand: only the rows shown are downloaded');
  const beforeOpen = fileBytes();
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(parley.notice).toContainText('Opened team_chats-default-train.parquet (4.6 MB) on demand: 3,000 rows, only the rows shown are downloaded.');
  const content = parley.field('Message 1 content');
  await expect(content).toHaveValue(`question 0: ${text(0, 40)}`);
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Row 5: question 5:/ })).toBeVisible();
  const opened = fileBytes();
  // The rows in view (0 to ~20) are all in the first row group (100 rows): its messages chunk, and a widened read's slack at each end.
  expect(opened - beforeOpen).toBeGreaterThan(0);
  expect(opened - beforeOpen).toBeLessThanOrEqual(messagesChunkBytes(0) + 2 * MIN_READ_BYTES);
  // Before this change, opening read every record's messages: 900,418 bytes, 19 % of the file.
  expect(opened).toBeLessThan(900_418);
  // Whole-dataset work says what is read so far, and offers the choice with its size.
  await page.getByText('Validation summary', { exact: true }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Checking needs every row' });
  await expect(summary).toHaveText(/^Checking needs every row: 100 of 3,000 rows read so far, on demand\. Read all \([\d.]+ KB\) first\.$/);
  await expect(page.getByRole('button', { name: /^Read all [\d.]+ KB to check every record$/ })).toBeVisible();
  await page.getByText('Validation summary', { exact: true }).click();

  // Scrolled to the end while the network is slow: the rows in view say they are not read yet, then show once their block is read.
  let release = (): void => undefined;
  gate.wait = new Promise<void>((resolve) => (release = resolve));
  await list.hover();
  await page.mouse.wheel(0, 3000 * 34);
  await expect(list.getByRole('button', { name: /^Row 2999: not read yet/ })).toBeVisible();
  release();
  gate.wait = undefined;
  await expect(list.getByRole('button', { name: /^Row 2999: question 2999:/ })).toBeVisible();
  const far = fileBytes() - opened;
  // Rows ~2975 to 2999: the last row group's block, and at most the one before it.
  expect(far).toBeGreaterThan(0);
  expect(far).toBeLessThanOrEqual(messagesChunkBytes(28) + messagesChunkBytes(29) + 4 * MIN_READ_BYTES);
  test.info().annotations.push({ type: 'bytes', description: `file ${FILE.byteLength}, before open ${beforeOpen}, opened on demand ${opened}, one far block ${far}` });

  // A far row opened and edited before reading all.
  await list.getByRole('button', { name: /^Row 2990: question 2990:/ }).click();
  await expect(content).toHaveValue(`question 2990: ${text(2990, 40)}`);
  await content.fill('question 2990, edited before reading all');
  await list.getByRole('button', { name: /^Row 2991: question 2991:/ }).click();
  await expect(content).toHaveValue(`question 2991: ${text(2991, 40)}`);

  // A jump (Go to row 1500, numbered from 0 as the list shows) reads that row's block and the rows around it in view.
  const beforeJump = fileBytes();
  await parley.fileMenu('Go to line…');
  const goTo = page.getByRole('dialog', { name: 'Go to row' });
  await goTo.getByLabel('Row number').fill('3000');
  await goTo.getByRole('button', { name: 'Go' }).click();
  await expect(goTo.getByRole('alert')).toHaveText('Row 3000 is outside the file: it has rows 0 to 2,999.');
  await goTo.getByLabel('Row number').fill('1500');
  await goTo.getByRole('button', { name: 'Go' }).click();
  await expect(content).toHaveValue(`question 1500: ${text(1500, 40)}`);
  await expect(list.getByRole('button', { name: /^Row 1500: question 1500:/ })).toBeVisible();
  // Row groups 15 (rows 1500-1599) and, for the rows above it in view, 14.
  const jump = fileBytes() - beforeJump;
  expect(jump).toBeLessThanOrEqual(messagesChunkBytes(14) + messagesChunkBytes(15) + 4 * MIN_READ_BYTES);
  test.info().annotations.push({ type: 'bytes', description: `a jump to row 1500 ${jump}` });

  // Search needs every row: refused with the choice; chosen, every row is read and the search runs by itself.
  const search = page.getByRole('search', { name: 'Search the records' });
  await search.getByRole('searchbox', { name: 'Search records' }).fill('question 17');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  // Rows read: groups 0, 29, 15 and perhaps 28 and 14 (the rows in view beside those), 100 each.
  await expect(search.getByRole('alert')).toHaveText(/^Search needs every row: (300|400|500) of 3,000 rows read so far, on demand\./);
  await search.getByRole('button', { name: /^Read all [\d.]+ KB to search$/ }).click();
  // question 17, 170-179, 1700-1799: 111 records, one place each.
  await expect(search.getByLabel('Search result')).toHaveText('111 matches in 111 records', { timeout: 30_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await page.getByText('Validation summary', { exact: true }).click();
  await expect(summary).toHaveCount(0);
  await page.getByText('Validation summary', { exact: true }).click();
  test.info().annotations.push({ type: 'bytes', description: `after reading all ${fileBytes()}` });

  // The edit survived reading all, and the open record stayed.
  await expect(content).toHaveValue(`question 1500: ${text(1500, 40)}`);
  // The list shows the matching records only: cleared, it lists every row again; row 2990 is near its end.
  await search.getByRole('button', { name: 'Clear search' }).click();
  await list.hover();
  await page.mouse.wheel(0, 3000 * 34);
  await list.getByRole('button', { name: /^Row 2990: question 2990, edited before reading all;/ }).click();
  await expect(content).toHaveValue('question 2990, edited before reading all');

  await page.getByText('Export…', { exact: true }).click();
  const download = page.waitForEvent('download');
  await parley.button('Export Parquet').click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const after = await parquetReadObjects({ file: arrayBufferOf(Buffer.concat(chunks)) });
  const before = await parquetReadObjects({ file: arrayBufferOf(FILE) });
  expect(after).toHaveLength(3000);
  for (let i = 0; i < 3000; i++) {
    const expected = i === 2990 ? { ...before[i], messages: [{ role: 'user', content: 'question 2990, edited before reading all' }, { role: 'assistant', content: 'answer 2990' }] } : before[i];
    expect(after[i], `row ${i}`).toEqual(expected);
  }
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
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
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
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
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

  // Opened on demand: the export needs every row, read when the person chooses it, its size shown.
  await page.getByText('Export…', { exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Export needs every row' })).toContainText('Export needs every row: 12 of 12 rows read so far, on demand.');
  await page.getByRole('button', { name: /^Read all [\d.]+ (bytes|KB) to export$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Export needs every row' })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
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
