/**
 * The real documents of issue 22 (`<repo>/../shared/interop/`, or `$PARLEY_INTEROP_DIR`): SDK
 * fixtures, converter test inputs and dataset samples written outside the project, with
 * `manifest.json` naming each one's source and dialect. Never copied into the repo; tests that
 * read them skip when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const interopDir: string = process.env.PARLEY_INTEROP_DIR ?? join(REPO_ROOT, '..', 'shared', 'interop');
const manifestPath = join(interopDir, 'manifest.json');
export const interopAvailable: boolean = existsSync(manifestPath);
export const SKIP_REASON = `interop documents not found at ${interopDir} (set PARLEY_INTEROP_DIR)`;

export interface InteropCase {
  id: string;
  /** Relative to interopDir. */
  file: string;
  /** The dialect the document is in; null: a shape Parley does not read as a conversation (`expect.refused` says which). */
  dialect: string | null;
  expect: { roundtrip?: boolean; refused?: string };
  /** One record a line. */
  jsonl?: boolean;
  known?: string;
  note?: string;
}

/** The manifest's cases; empty when the folder is absent. */
export function interopCases(): InteropCase[] {
  if (!interopAvailable) return [];
  return (JSON.parse(readFileSync(manifestPath, 'utf8')) as { cases: InteropCase[] }).cases;
}

/** The document's JSON values: one, or one a line of a JSON Lines file. */
export function interopValues(entry: InteropCase): unknown[] {
  const text = readFileSync(join(interopDir, entry.file), 'utf8');
  if (!entry.jsonl) return [JSON.parse(text) as unknown];
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** A chat template of the manifest (`templates`): what the oracle renders each document with, beside the formats. */
export interface InteropTemplate {
  id: string;
  template: string;
  /** Template variables (`bos_token`, …). */
  variables: Record<string, unknown>;
}

/**
 * The manifest's chat templates, read from their files: a `.jinja` file, or `file.json#key`
 * (a golden file whose entry `key` has a `chat_template`). Empty when the folder is absent;
 * a template whose file is missing is left out.
 */
export function interopTemplates(): InteropTemplate[] {
  if (!interopAvailable) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { templates?: Record<string, { file: string; variables?: Record<string, unknown> }> };
  return Object.entries(manifest.templates ?? {}).flatMap(([id, entry]) => {
    const [file = '', key] = entry.file.split('#');
    const path = join(interopDir, file);
    if (!existsSync(path)) return [];
    const text = readFileSync(path, 'utf8');
    const template = key === undefined ? text : (JSON.parse(text) as Record<string, { chat_template?: string }>)[key]?.chat_template;
    return typeof template === 'string' ? [{ id, template, variables: entry.variables ?? {} }] : [];
  });
}
