/**
 * Decode diagnostics whose message starts with the exact path of the field, in the words of
 * the source document: `messages[3].tool_calls[0].function.arguments: expected a string, got
 * number`. Each codec passes its own code (`openai-chat/invalid`, …).
 */
import type { z } from 'zod';
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { pathLabel, type FieldPath } from '../../model/path.ts';
import { describeJson } from '../../shared/json.ts';

// The codecs import the path label from here, beside the diagnostics that start with it.
export { pathLabel };

/** `path: expected …, got …` (or `path: missing; expected …`). */
export function invalid(code: string, path: FieldPath, expected: string, value: unknown): Diagnostic {
  const found = value === undefined ? `missing; ${expected}` : `${expected}, got ${describeJson(value)}`;
  return error(code, `${pathLabel(path)}: ${found}`, path);
}

/** Any other problem at `path` (an error: the field is not what the dialect says). */
export function problem(code: string, path: FieldPath, text: string): Diagnostic {
  return error(code, `${pathLabel(path)}: ${text}`, path);
}

/** Something readable but worth knowing at `path`. */
export function note(code: string, path: FieldPath, text: string): Diagnostic {
  return warning(code, `${pathLabel(path)}: ${text}`, path);
}

/**
 * Checks `value` against `schema`; each issue becomes one diagnostic at `base` + the issue's
 * path. Returns true when there was none.
 */
export function check(code: string, schema: z.ZodType, value: unknown, base: FieldPath, out: Diagnostic[]): boolean {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return true;
  for (const issue of result.error.issues) {
    const path = [...base, ...issue.path.filter((p): p is string | number => typeof p !== 'symbol')];
    out.push(invalid(code, path, issue.message, 'input' in issue ? issue.input : undefined));
  }
  return false;
}
