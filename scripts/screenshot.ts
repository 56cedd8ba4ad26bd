/**
 * Takes the README's screenshot from the real app (`npm run screenshot`): builds the site,
 * serves it with `vite preview`, opens it in the Chromium that e2e/browser.ts finds, with the
 * default example (spec 000 Example 2), focuses a tool call's arguments so that the preview
 * highlights the text they produce, and writes docs/screenshot.png. Run it again whenever the UI changes.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT_DIR = 'dist-screenshot';
const PORT = 4176;
const OUTPUT = join(ROOT, 'docs', 'screenshot.png');

async function main(): Promise<void> {
  execFileSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir: OUT_DIR }, preview: { port: PORT, strictPort: true, host: '127.0.0.1', open: false } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 }, deviceScaleFactor: 1, colorScheme: 'light' });
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.evaluate(() => window.__parley.ready);
    // The first tool call of the default example: its preview range is highlighted on focus.
    const args = page.locator('[data-field-path$=".calls[0].arguments"]').first();
    if ((await args.count()) > 0) {
      await args.scrollIntoViewIfNeeded();
      await args.click();
    }
    // Monarch colours the text asynchronously; give it a moment to settle before the capture.
    await page.waitForTimeout(800);
    await page.screenshot({ path: OUTPUT });
    console.log(`wrote ${OUTPUT}`);
  } finally {
    await browser.close();
    await new Promise<void>((resolve, reject) => server.httpServer.close((error) => (error ? reject(error) : resolve())));
  }
}

await main();
