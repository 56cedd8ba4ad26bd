/**
 * Where the harmony references are: `<repo>/../shared/reference/harmony/` (or
 * `$PARLEY_REFERENCE_DIR/harmony/`), never copied into the repo. Tests that need them skip
 * when they are absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDir } from '../reference/apertus-template.ts';

export const harmonyDir: string = join(referenceDir, 'harmony');
export const testDataDir: string = join(harmonyDir, 'test-data');
export const templatePath: string = join(harmonyDir, 'gpt-oss-20b.chat_template.jinja');
export const harmonyAvailable: boolean = existsSync(testDataDir) && existsSync(templatePath);
export const SKIP_REASON = `harmony reference not found at ${harmonyDir} (set PARLEY_REFERENCE_DIR)`;

/** A test-data file as openai/harmony's tests load it: `\r\n` → `\n`, trailing whitespace removed. */
export function expectedText(name: string): string {
  return readFileSync(join(testDataDir, name), 'utf8').replace(/\r\n/g, '\n').trimEnd();
}
