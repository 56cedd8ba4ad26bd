/**
 * What a record is checked against: the format, its options, the dialect the person named and
 * the team's lint rules. Plain data (no functions, no codecs), so that the same profile crosses
 * to the dataset worker, is kept with a dataset and is built by the command from its flags: a
 * record checked with one profile gives the same diagnostics in the editor, the list and
 * `parley validate`.
 */
import type { DialectContext } from '../interchange/choose-dialect.ts';
import { findCodec } from '../interchange/registry.ts';
import type { OptionValues } from '../shared/options.ts';
import type { LintRules } from './rules/types.ts';

export interface CheckProfile {
  /** The token format (`apertus`, `chatml`, `jinja`, …). */
  formatId: string;
  /** The format's options as the person set them (absent: the format's defaults). */
  formatOptions?: Partial<OptionValues>;
  /** The dialect the person named ("Read as", `--input-dialect`); absent: chosen per record. */
  readAs?: string;
  /** The team's lint rules (rules/), when a rules file is loaded. */
  rules?: LintRules;
}

/**
 * The dialect context of a profile: how a record is read for it (chooseDialect). One rule for
 * the editor, the dataset worker and the command, so a record is the same dialect everywhere.
 * Only `readAs` counts: the format does not choose the dialect (issue 24, the defaults follow
 * the data); `formatId` is accepted so that any part of a profile can be passed.
 */
export function dialectContextOf(profile: Pick<CheckProfile, 'readAs'> & { formatId?: string }): DialectContext {
  const override = profile.readAs === undefined ? undefined : findCodec(profile.readAs);
  return override === undefined ? {} : { override };
}

/** Two profiles check alike (same format, options, dialect and rules): plain-data equality. */
export function sameProfile(a: CheckProfile, b: CheckProfile): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(profile: CheckProfile): unknown[] {
  const options = profile.formatOptions ?? {};
  const sortedOptions = Object.keys(options)
    .sort()
    .map((key) => [key, options[key]]);
  return [profile.formatId, sortedOptions, profile.readAs ?? null, profile.rules ?? null];
}
