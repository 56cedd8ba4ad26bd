/**
 * Golden files: each `test/goldens/apertus/NAME.json` conversation, rendered by the native
 * renderer, must equal `NAME.txt` byte for byte. The .txt files were made by the official
 * template (`npm run goldens`), so this runs on a fresh clone without the reference.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApertusOptions } from '../../src/core/formats/apertus/options.ts';
import { renderJson } from './helpers.ts';

const GOLDENS = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'goldens', 'apertus');
const names = readdirSync(GOLDENS)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

interface Golden {
  description: string;
  options: ApertusOptions & { date: string };
  conversation: unknown;
}

describe('Apertus goldens', () => {
  it('has at least 30 golden conversations', () => {
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  for (const name of names) {
    const golden = JSON.parse(readFileSync(join(GOLDENS, `${name}.json`), 'utf8')) as Golden;
    it(`${name}: ${golden.description}`, () => {
      const expected = readFileSync(join(GOLDENS, `${name}.txt`), 'utf8');
      const rendered = renderJson(golden.conversation, golden.options);
      expect(rendered.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(rendered.text).toBe(expected);
    });
  }
});
