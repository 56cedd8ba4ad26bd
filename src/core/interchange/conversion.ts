/**
 * The losses of one encode, collected for one target dialect (the message shape of a loss is
 * in shared/lost-in-conversion.ts).
 */
import type { Diagnostic, LossKind } from '../model/diagnostic.ts';
import { pathAt, whereAt, type Where } from '../model/path.ts';
import type { Extensible, Extra } from '../model/types.ts';
import { merge, type JsonObject } from '../shared/json.ts';
import { fieldList, LOST_CODE, lostInConversion } from '../shared/lost-in-conversion.ts';
import { dialectLabel } from './shared/dialects.ts';
import { rawFits, translateExtra, type ExtraLevel } from './shared/equivalents.ts';

/**
 * Collects the losses of one encode for one target dialect. Where a loss is: a path, or a
 * `Place` whose path is made only for a loss (an encoder goes through every node of a data set).
 */
export class Losses {
  constructor(
    /** The target's name, as people know it ("ShareGPT", "Anthropic Messages"). */
    readonly target: string,
    readonly out: Diagnostic[],
    /** The target's dialect id: unknown fields read by this dialect are its own. */
    readonly dialect: string,
    /** `EncodeHow.wants`: when it says no, the loss is not made (the caller counts it). */
    private readonly wants?: (code: string) => boolean,
  ) {}

  /** `what` at `path` cannot be written; `why` defaults to "<target> has no place for it"; `loss`: what that costs (content unless said). */
  add(what: string, path: Where, why = `${this.target} has no place for it`, loss: LossKind = 'content'): void {
    if (this.wants === undefined || this.wants(LOST_CODE)) this.out.push(lostInConversion(what, why, pathAt(path), loss));
  }

  /** A call id the target does not carry: its results answer their calls another way (in order, by name), so nothing the data says is lost. */
  id(what: string, path: Where, why: string): void {
    this.add(what, path, why, 'harmless');
  }

  /** Unknown fields of the source that this target has no object to write them on. */
  extra(extra: Extra | undefined, path: Where, why = `${this.target} has no object to keep them on`): void {
    const keys = Object.keys(extra ?? {});
    if (keys.length === 0) return;
    this.add(fieldList(keys), whereAt(path, 'extra'), why);
  }

  /**
   * The unknown fields of `node` that this target writes on the object it makes for `node`:
   * all of them when they are its own (or of no known dialect); when another dialect read
   * them, those with an equivalent here under this dialect's names, and the rest reported.
   */
  extraOf(node: Extensible, level: ExtraLevel, path: Where): Extra | undefined {
    const { extra, extraSource } = node;
    if (!extra || extraSource === undefined || extraSource === this.dialect) return extra;
    const { kept, lost } = translateExtra(extra, level, extraSource, this.dialect);
    if (lost.length > 0) this.add(fieldList(lost), whereAt(path, 'extra'), `from ${dialectLabel(extraSource)}; ${this.target} has no equivalent`);
    return kept;
  }

  /**
   * Whether a raw object of the source (an unknown block, a part of a type the model has no
   * part for, a provider's tool) is written as it is: only in its own dialect, or one that has
   * the same object. Otherwise it is reported and the caller leaves it out (it would be an
   * invalid entry in this dialect).
   */
  keepsRaw(node: { extraSource?: string }, raw: unknown, what: string, path: Where): boolean {
    const from = node.extraSource;
    if (from === undefined || from === this.dialect || rawFits(raw, from, this.dialect)) return true;
    this.add(what, path, `from ${dialectLabel(from)}; ${this.target} has no equivalent`);
    return false;
  }

  /** A `merge` clash callback: an unknown field whose name this target uses for something else. */
  clash(path: Where): (key: string) => void {
    return (key) => this.add(`the field ${JSON.stringify(key)}`, [...pathAt(path), 'extra', key], `${this.target} uses that name for one of its own fields`);
  }

  /** `merge(known, extra, this.clash(path))`, without making the callback when there is no extra (most nodes). */
  merge(known: JsonObject, extra: Extra | undefined, path: Where): JsonObject {
    return extra ? merge(known, extra, this.clash(path)) : known;
  }
}
