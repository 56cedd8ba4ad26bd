/**
 * Regenerates the expected renders of the golden conversations from the reference templates
 * (`npm run goldens`). Each `test/goldens/apertus/NAME.json` holds
 * `{ "description", "options", "conversation" }`; this writes `NAME.txt` with the official
 * template's render, byte for byte (no trailing newline is added). The reference is read from
 * `../shared/reference/` (or `$PARLEY_REFERENCE_DIR`); without it nothing can be generated.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceAvailable, renderReference, SKIP_REASON, type ReferenceOptions } from '../test/reference/apertus-template.ts';

const GOLDENS = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'test', 'goldens', 'apertus');

interface Golden {
  description: string;
  options: ReferenceOptions;
  conversation: unknown;
}

function main(): number {
  if (!referenceAvailable) {
    process.stderr.write(`goldens: cannot regenerate, ${SKIP_REASON}\n`);
    return 1;
  }
  let written = 0;
  let unchanged = 0;
  let failed = 0;
  for (const file of readdirSync(GOLDENS).filter((name) => name.endsWith('.json')).sort()) {
    const golden = JSON.parse(readFileSync(join(GOLDENS, file), 'utf8')) as Golden;
    const target = join(GOLDENS, file.replace(/\.json$/, '.txt'));
    let text: string;
    try {
      text = renderReference(golden.conversation, golden.options);
    } catch (thrown) {
      // A golden is a conversation the template accepts; one it rejects is a mistake in the golden.
      process.stderr.write(`goldens: ${file}: the reference template raised: ${thrown instanceof Error ? thrown.message : String(thrown)}\n`);
      failed += 1;
      continue;
    }
    if (existsSync(target) && readFileSync(target, 'utf8') === text) {
      unchanged += 1;
      continue;
    }
    writeFileSync(target, text);
    written += 1;
    process.stdout.write(`goldens: wrote ${target}\n`);
  }
  process.stdout.write(`goldens: ${written} written, ${unchanged} unchanged, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = main();
