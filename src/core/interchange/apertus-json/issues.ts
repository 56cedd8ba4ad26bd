/**
 * Runs a node schema and turns its issues into diagnostics whose message starts with the exact
 * path of the field: `messages[3].content.blocks[1].calls[0].arguments: expected a string or
 * an object, got number`. Places are `Place`s: a path is made only for a problem.
 */
import type { z } from 'zod';
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { pathLabel, type Place } from '../../model/path.ts';
import { surelyAccepts } from './schema-quick.ts';

export const DECODE_CODE = 'apertus-json/invalid';

/** What a JSON value is, in the words of a diagnostic. */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** `path: expected …, got …` (or `path: missing; expected …`). */
export function invalid(place: Place, expected: string, value: unknown, code = DECODE_CODE): Diagnostic {
  const found = value === undefined ? `missing; ${expected}` : `${expected}, got ${describeJson(value)}`;
  return error(code, `${pathLabel(place.path)}: ${found}`, place.path);
}

/** Any other problem at `path`. */
export function problem(place: Place, text: string, code = DECODE_CODE): Diagnostic {
  return error(code, `${pathLabel(place.path)}: ${text}`, place.path);
}

/** No failed paths (shared: callers only read the set). */
const NONE: ReadonlySet<string> = new Set();

/**
 * Checks `value` against `schema`; each issue becomes one diagnostic at `base` + the issue's
 * path. Returns the issues' paths too, so that callers can tell which fields failed.
 */
export function check(schema: z.ZodType, value: unknown, base: Place, out: Diagnostic[]): ReadonlySet<string> {
  // Most nodes have no problem: a hand-written test says so without running zod.
  if (surelyAccepts(schema, value)) return NONE;
  const failed = new Set<string>();
  // `reportInput` makes zod take its slow path (about 10x): ask for the inputs only on failure.
  if (schema.safeParse(value).success) return failed;
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return failed;
  for (const issue of result.error.issues) {
    let place = base;
    for (const key of issue.path) if (typeof key !== 'symbol') place = place.at(key);
    const input = 'input' in issue ? issue.input : undefined;
    failed.add(issue.path.join('.'));
    out.push(invalid(place, issue.message, input));
  }
  return failed;
}
