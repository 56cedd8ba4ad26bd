/**
 * Clean checks: a quick proof that a JSON value, read in a format's native dialect, is clean,
 * i.e. that reading it, `validateRecord` and the format's render would give no diagnostic at
 * all, proved on the parsed JSON without building the model. `clean` says so;
 * `clean-keeps-unknown` says so and that the reading keeps fields it does not know (which
 * decides between the native and a detected dialect, see `cleanNativeReadingHow`); `false`
 * means "not sure": run the full checks, which say what is wrong.
 *
 * `parley validate --jsonl` answers clean records with one (a data set is mostly clean
 * records). It spans a dialect, a format and the format-independent checks, so it lives here,
 * beside them, not inside either (docs/architecture.md: formats and interchange do not import
 * each other).
 */
import type { RuleSubject } from '../checks/rules/subject.ts';
import { apertusCleanCheck } from './apertus.ts';
import { cleanApertusSubject } from './apertus-subject.ts';
import type { CleanCheck } from './types.ts';
import type { OptionValues } from '../shared/options.ts';

export type { CleanCheck, CleanVerdict } from './types.ts';

/** The checks, by format id (each for the format's native dialect). */
const CHECKS: Record<string, (options: Partial<OptionValues>) => CleanCheck> = {
  apertus: apertusCleanCheck,
};

/** The clean check of a format with these options, made once per run; undefined when the format has none. */
export function cleanCheckFor(formatId: string, options: Partial<OptionValues> = {}): CleanCheck | undefined {
  return CHECKS[formatId]?.(options);
}

const SUBJECTS: Record<string, (json: unknown) => RuleSubject> = {
  apertus: cleanApertusSubject,
};

/**
 * What the team's rules read of a record (its roles and texts), read from the parsed JSON of a
 * record that the format's clean check passed, without building the model; undefined when the
 * format has no clean check. `parley validate --rules` then checks the rules alone on it
 * (core/checks' `checkProvenClean`), giving the diagnostics of `checkRecord`.
 */
export function cleanRuleSubjectFor(formatId: string): ((json: unknown) => RuleSubject) | undefined {
  return SUBJECTS[formatId];
}
