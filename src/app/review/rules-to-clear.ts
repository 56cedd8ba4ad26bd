/**
 * Guidelines may name a lint rules file whose checks reviewers must clear (`rules:` in their
 * front matter, issue 26): a record is not marked done while that file is not the one loaded, or
 * while the record still has a diagnostic of it. Flag and Reject stay free: they are how a
 * reviewer says a record does not clear.
 */
import type { DatasetRules } from '../store/index.ts';
import type { OpenGuidelines } from './guidelines-store.ts';

/** The rules' own code prefix (core/checks/rules/diagnostic.ts). */
const RULE_CODE_PREFIX = 'rules/';

/** A file name without its folders: guidelines name the file, the picker gives a bare name. */
function bareName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/** Why the record with diagnostic `codes` cannot be marked done under `guidelines`, or undefined when it can. */
export function doneBlocker(guidelines: Pick<OpenGuidelines, 'name' | 'rules'> | null, loaded: Pick<DatasetRules, 'name'> | null, codes: readonly string[] | undefined): string | undefined {
  if (!guidelines?.rules) return undefined;
  if (!loaded || bareName(loaded.name) !== bareName(guidelines.rules)) {
    return `${guidelines.name} asks reviewers to clear the checks of ${guidelines.rules}: load it in the Rules panel before marking records done.`;
  }
  const failing = (codes ?? []).filter((code) => code.startsWith(RULE_CODE_PREFIX)).map((code) => code.slice(RULE_CODE_PREFIX.length));
  if (failing.length === 0) return undefined;
  return `Not marked done: this record does not clear ${guidelines.rules} (${failing.join(', ')}), as ${guidelines.name} asks. Fix it, or flag or reject it.`;
}
