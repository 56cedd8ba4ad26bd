/**
 * Call ids that a target's API refuses by their form (Anthropic: `tool_use.id` must match
 * `^[a-zA-Z0-9_-]+$`, and Kimi-style data has `functions.Bash:0`). Each such id is mapped once
 * to one that fits, and the same mapping serves the call and every result that names it, so the
 * pairs stay pairs. The new id is the old one with each character the pattern refuses made `_`,
 * then `_2`, `_3`, … until it is no id the record uses, no id mapped before and no id of the
 * form the call-id plan makes up (`call_N`). The first place an id is mapped gets a warning
 * naming the old and the new id (the id the author wrote is not what is sent).
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import { pathLabel } from './issues.ts';

export interface IdFitOptions {
  /** The ids the target accepts; must be anchored and accept `[A-Za-z0-9_]+`. */
  pattern: RegExp;
  /** One character that fits, for each that does not. */
  replacement: string;
  /** Every id the record uses (`usedIds`): a new id is never one of them. */
  used: ReadonlySet<string>;
  code: string;
  /** "Anthropic tool_use.id must match ^[a-zA-Z0-9_-]+$". */
  rule: string;
  out: Diagnostic[];
  /** `EncodeHow.wants`: when it says no, the note is not made. */
  wants?: (code: string) => boolean;
}

/** The form of the ids the call-id plan makes up: never given to a mapped id, so the two cannot meet. */
const GENERATED_FORM = /^call_\d+$/;

/** A function from an id (as the plan writes it) to the id to write; `path`: the id field where it is written. */
export type IdFit = (id: string, path: FieldPath) => string;

export function callIdFitter(options: IdFitOptions): IdFit {
  const { pattern, replacement, used, out, wants } = options;
  const mapped = new Map<string, string>();
  const given = new Set<string>();
  const taken = (id: string) => used.has(id) || given.has(id) || GENERATED_FORM.test(id);
  return (id, path) => {
    if (pattern.test(id)) return id;
    const known = mapped.get(id);
    if (known !== undefined) return known;
    const base = [...id].map((char) => (pattern.test(char) ? char : replacement)).join('') || replacement;
    let fitted = base;
    for (let n = 2; taken(fitted); n++) fitted = `${base}${replacement}${n}`;
    mapped.set(id, fitted);
    given.add(fitted);
    if (wants === undefined || wants(options.code)) {
      out.push(warning(options.code, `${pathLabel(path)}: the call id ${JSON.stringify(id)} does not fit (${options.rule}); written as ${JSON.stringify(fitted)}, and every result that names it the same.`, path, undefined, 'harmless'));
    }
    return fitted;
  };
}
