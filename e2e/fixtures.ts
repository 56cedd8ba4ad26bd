/**
 * Fixtures for Parley's end-to-end tests.
 * - Every browser context blocks and records requests that do not go to 127.0.0.1: the app must
 *   make none, so any such request fails the test.
 * - Any console error or uncaught page error fails the test.
 * - `parley` is a page object that acts as a person would (roles and accessible names) and reads
 *   state through the app's test API, `window.__parley`.
 */
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { ParleyLoadResult, ParleySnapshot } from '../src/app/test-api.ts';
import type { OptionValues } from '../src/core/index.ts';

export { expect };

/** Only the page's own origin (the preview server or the sub-path server, both on 127.0.0.1) may be requested. */
export function isLocalUrl(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return true;
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

/** What a context saw that a test must not: requests elsewhere, console errors, page errors. */
export interface Watch {
  external: string[];
  errors: string[];
}

/** Block and record outside requests, and record console and page errors, for a context and every page it opens. */
export async function guardContext(context: BrowserContext, watch: Watch): Promise<void> {
  await context.route(
    (url) => !isLocalUrl(url.href),
    async (route) => {
      watch.external.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  context.on('request', (request) => {
    if (!isLocalUrl(request.url()) && !watch.external.includes(request.url())) watch.external.push(request.url());
  });
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => watch.errors.push(`page error: ${error.message}`));
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
}

/** The preview's text as the person reads it: Monaco shows spaces as U+00A0. */
export function normalise(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}

export class ParleyPage {
  constructor(readonly page: Page) {}

  /** Open the app (a path relative to the base URL) and wait until the preview is mounted. */
  async goto(path = './'): Promise<void> {
    await this.page.goto(path);
    await this.waitReady();
  }

  async waitReady(): Promise<void> {
    await this.page.waitForFunction(() => window.__parley !== undefined);
    await this.page.evaluate(() => window.__parley.ready);
  }

  // --- acting as a person -------------------------------------------------------------------

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }

  /** Choose an entry of the toolbar's File menu (open, paste, save, export, share, go to line), as a person does: open the menu, click the entry. */
  async fileMenu(entry: string): Promise<void> {
    await this.button('File').click();
    await this.page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: entry, exact: true }).click();
  }

  /** A form field of the conversation editor by its accessible name, e.g. `Message 2 part 1 text`. */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  get saveStatus(): Locator {
    return this.page.getByRole('status', { name: 'Save status' });
  }

  get diagnostics(): Locator {
    return this.page.getByRole('region', { name: /^Diagnostics/ });
  }

  /** The app's error notice (Monaco has live regions of its own). */
  get alert(): Locator {
    return this.page.getByRole('alert', { name: 'Problem' });
  }

  /** The app's success or info notice. */
  get notice(): Locator {
    return this.page.getByRole('status', { name: 'Notice' });
  }

  async openExample(title: string): Promise<void> {
    await this.button('Examples').click();
    const dialog = this.page.getByRole('dialog', { name: 'Examples' });
    await dialog.getByRole('button', { name: `Open example: ${title}`, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async chooseTheme(theme: 'system' | 'light' | 'dark'): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
  }

  /** Open a file through the toolbar's picker. */
  async openFile(name: string, content: string, mimeType = 'application/json'): Promise<void> {
    await this.page.getByLabel('Open a JSON file').setInputFiles({ name, mimeType, buffer: Buffer.from(content, 'utf8') });
  }

  /** Share: returns the link shown in the Share dialog (also copied to the clipboard when allowed). */
  async shareLink(): Promise<string> {
    await this.fileMenu('Share link…');
    const dialog = this.page.getByRole('dialog', { name: 'Share link' });
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    await dialog.getByRole('button', { name: 'Close' }).click();
    return link;
  }

  // --- the test API ------------------------------------------------------------------------

  /** The text of the preview's Monaco model, spaces normalised. */
  async previewText(): Promise<string> {
    return normalise(await this.page.evaluate(() => window.__parley.renderedText()));
  }

  /** Wait until the preview's text contains `text` (Monaco updates asynchronously). */
  async expectPreviewToContain(text: string): Promise<void> {
    await expect.poll(() => this.previewText(), { message: `preview contains ${JSON.stringify(text)}` }).toContain(text);
  }

  async load(json: unknown): Promise<ParleyLoadResult> {
    return this.page.evaluate((value) => window.__parley.load(value), json);
  }

  async setFormat(id: string, options?: OptionValues): Promise<void> {
    await this.page.evaluate(([formatId, values]) => window.__parley.setFormat(formatId, values), [id, options] as const);
  }

  async state(): Promise<ParleySnapshot> {
    return this.page.evaluate(() => window.__parley.state());
  }

  async exportJson(): Promise<unknown> {
    return (await this.page.evaluate(() => window.__parley.exportJson())).json;
  }
}

/** A fresh, guarded context (own storage) for tests that need a second visitor. */
export async function newGuardedPage(browser: Browser, baseURL: string | undefined, watch: Watch): Promise<{ context: BrowserContext; parley: ParleyPage }> {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  await guardContext(context, watch);
  return { context, parley: new ParleyPage(await context.newPage()) };
}

export const test = base.extend<{ watch: Watch; parley: ParleyPage }>({
  // Automatic: every test is checked, whether or not it uses the page object.
  watch: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring; there are none.
    async ({}, use) => {
      const watch: Watch = { external: [], errors: [] };
      await use(watch);
      expect(watch.external, 'requests that left 127.0.0.1').toEqual([]);
      expect(watch.errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, watch }, use) => {
    await guardContext(context, watch);
    await use(context);
  },
  parley: async ({ page }, use) => {
    await use(new ParleyPage(page));
  },
});
