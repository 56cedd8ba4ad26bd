/**
 * The check profile of the app's state (core/checks/profile.ts): the format shown, its options
 * and, while a dataset is open, its rules file and the dialect its records are read as. One profile for the editor's list (derived.ts),
 * the dataset's rows (dataset/engine.ts and the workers) and Fix all (fix-diagnose.ts), so that a
 * record shows the same problems in each. No store import: the dataset worker loads it.
 */
import type { CheckProfile, LintRules, OptionValues } from '../../core/index.ts';

export interface ProfileInputs {
  formatId: string;
  formatOptions: Readonly<Record<string, OptionValues>>;
  dataset?: unknown;
  datasetRules?: { rules: LintRules } | null;
  datasetReadAs?: string | null;
}

export function profileOf(state: ProfileInputs): CheckProfile {
  const options = state.formatOptions[state.formatId];
  const profile: CheckProfile = options === undefined ? { formatId: state.formatId } : { formatId: state.formatId, formatOptions: options };
  if (state.dataset && state.datasetRules) profile.rules = state.datasetRules.rules;
  if (state.dataset && state.datasetReadAs) profile.readAs = state.datasetReadAs;
  return profile;
}
