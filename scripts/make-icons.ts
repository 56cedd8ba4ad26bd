/**
 * Makes the web app manifest's PNG icons from public/favicon.svg (`npm run icons`), in the
 * Chromium that e2e/browser.ts finds: the browser draws the SVG at each size, so the PNGs are the
 * favicon, not a redrawing of it. The PNGs are committed (public/icons/): a build needs no
 * image library and no browser. Run this again whenever the favicon changes.
 *
 * - icon-192.png, icon-512.png ("any"): the favicon filling the square, transparent around it.
 * - icon-maskable-512.png ("maskable"): the favicon inside the central 80 % safe zone on a solid
 *   background, since launchers crop maskable icons to a circle or a rounded square.
 * - apple-touch-icon.png (180 px, opaque): iOS's home-screen icon, which ignores the manifest.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

const ROOT = join(import.meta.dirname, '..');
const SVG = readFileSync(join(ROOT, 'public', 'favicon.svg'), 'utf8');
/** The maskable icon's background: white, as the manifest's light background_color. */
const SOLID_BACKGROUND = '#ffffff';

interface Icon {
  file: string;
  size: number;
  /** Share of the side the favicon takes (1: edge to edge). */
  scale: number;
  background: string;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8, background: SOLID_BACKGROUND },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.9, background: SOLID_BACKGROUND },
];

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const side = Math.round(icon.size * icon.scale);
      const svg = SVG.replace('<svg ', `<svg width="${side}" height="${side}" `);
      await page.setContent(`<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">${svg}</body></html>`);
      await page.screenshot({ path: join(ROOT, 'public', 'icons', icon.file), omitBackground: icon.background === 'transparent' });
      await page.close();
      console.log(`wrote public/icons/${icon.file}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
