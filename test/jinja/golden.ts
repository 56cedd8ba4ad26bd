/** The huggingface.js golden triples (`../shared/reference/hf-jinja-golden/`), for the library and the command tests. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDir } from '../reference/apertus-template.ts';

export const GOLDEN_PATH = join(referenceDir, 'hf-jinja-golden', 'hfjs_e2e_selected.json');
export const goldenAvailable = existsSync(GOLDEN_PATH);
export const GOLDEN_SKIP = `hf-jinja golden triples not found at ${GOLDEN_PATH} (set PARLEY_REFERENCE_DIR)`;

export interface GoldenTriple {
  chat_template: string;
  data: Record<string, unknown>;
  target: string;
}

/** `[model, triple]` pairs; empty when the reference is absent. */
export function goldenTriples(): [string, GoldenTriple][] {
  return goldenAvailable ? Object.entries(JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')) as Record<string, GoldenTriple>) : [];
}
