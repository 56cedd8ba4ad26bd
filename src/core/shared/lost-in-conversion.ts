/**
 * Cross-dialect loss reporting (see docs/formats.md, 'All formats: nothing is dropped silently'): converting never drops data
 * silently. Whatever a target dialect or token format cannot hold is listed as a warning with
 * the code `lost-in-conversion` and a message `lost in conversion: <what> at <path> (<why>)`,
 * where the path names the field of the model record that was not written.
 */
import { warning, type Diagnostic, type LossKind } from '../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../model/path.ts';

export const LOST_CODE = 'lost-in-conversion';

/** `loss`: content unless the target says the same another way (model/diagnostic.ts, LossKind). */
export function lostInConversion(what: string, why: string, path: FieldPath = [], loss: LossKind = 'content'): Diagnostic {
  const where = path.length > 0 ? ` at ${formatPath(path)}` : '';
  // `warning` sets the loss itself (the same fields in the same order as a spread copy, without the copy).
  return warning(LOST_CODE, `lost in conversion: ${what}${where} (${why})`, path, undefined, loss);
}

/** `the field "a"` / `the fields "a", "b"`. */
export function fieldList(names: readonly string[]): string {
  return `the field${names.length > 1 ? 's' : ''} ${names.map((k) => JSON.stringify(k)).join(', ')}`;
}
