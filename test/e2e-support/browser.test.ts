/** The e2e browser finder: CHROMIUM_PATH first, then a system Chromium on the PATH. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium, systemChromium } from '../../e2e/browser.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folderWith(name: string, executable: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-browser-'));
  made.push(dir);
  const file = join(dir, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, executable ? 0o755 : 0o644);
  return dir;
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH before anything on the PATH', () => {
    const dir = folderWith('chromium', true);
    expect(findChromium({ CHROMIUM_PATH: '/opt/my/chrome', PATH: dir })).toEqual({ path: '/opt/my/chrome', source: 'CHROMIUM_PATH' });
  });

  it('finds a system Chromium by any of its names, in PATH order', () => {
    const first = folderWith('google-chrome', true);
    const second = folderWith('chromium-browser', true);
    expect(findChromium({ PATH: [first, second].join(delimiter) })).toEqual({ path: join(second, 'chromium-browser'), source: 'system' });
    expect(systemChromium(first)).toBe(join(first, 'google-chrome'));
  });

  it('skips a file of that name that cannot run', () => {
    const dir = folderWith('chromium', false);
    const found = systemChromium(dir);
    expect(found).not.toBe(join(dir, 'chromium'));
  });
});
