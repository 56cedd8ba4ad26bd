/**
 * Cross-dialect loss reporting (FORMATS.md "Across formats"): converting never drops data
 * silently. Whatever a target dialect or token format cannot hold is listed as a warning with
 * the code `lost-in-conversion` and a message `lost in conversion: <what> at <path> (<why>)`,
 * where the path names the field of the model record that was not written.
 */
import { warning, type Diagnostic } from '../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../model/path.ts';
import type { Extra } from '../model/types.ts';

export const LOST_CODE = 'lost-in-conversion';

export function lostInConversion(what: string, why: string, path: FieldPath = []): Diagnostic {
  const where = path.length > 0 ? ` at ${formatPath(path)}` : '';
  return warning(LOST_CODE, `lost in conversion: ${what}${where} (${why})`, path);
}

/** Collects the losses of one encode for one target dialect. */
export class Losses {
  constructor(
    /** The target's name, as people know it ("ShareGPT", "Anthropic Messages"). */
    readonly target: string,
    readonly out: Diagnostic[],
  ) {}

  /** `what` at `path` cannot be written; `why` defaults to "<target> has no place for it". */
  add(what: string, path: FieldPath, why = `${this.target} has no place for it`): void {
    this.out.push(lostInConversion(what, why, path));
  }

  /** Unknown fields of the source that this target has no object to write them on. */
  extra(extra: Extra | undefined, path: FieldPath, why = `${this.target} has no object to keep them on`): void {
    const keys = Object.keys(extra ?? {});
    if (keys.length === 0) return;
    this.add(`the field${keys.length > 1 ? 's' : ''} ${keys.map((k) => JSON.stringify(k)).join(', ')}`, [...path, 'extra'], why);
  }

  /** A `merge` clash callback: an unknown field whose name this target uses for something else. */
  clash(path: FieldPath): (key: string) => void {
    return (key) => this.add(`the field ${JSON.stringify(key)}`, [...path, 'extra', key], `${this.target} uses that name for one of its own fields`);
  }
}
