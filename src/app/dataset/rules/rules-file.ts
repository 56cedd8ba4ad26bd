/**
 * A team's rules file in the app (core/checks/rules, docs/rules.md): read from a file the person
 * opens or drops, parsed by core's `parseLintRules`, and set as the dataset's rules, which go into
 * the check profile (store/check-profile.ts): the records are checked again with them. A file
 * that is not a rules file changes nothing and says why.
 */
import { needsTokens, parseLintRules } from '../../../core/index.ts';
import { useAppStore, type DatasetRules } from '../../store/index.ts';

/**
 * The largest rules file read: a rules file is a few hundred bytes of JSON (a few kilobytes with
 * many forbidden phrases), so a bigger file is almost surely something else dropped by mistake
 * (a dataset), not to be read whole on the page. Raise it here if a team's list of forbidden
 * phrases needs more.
 */
export const RULES_FILE_MAX_BYTES = 1024 * 1024;

export type RulesRead = { ok: true; rules: DatasetRules } | { ok: false; message: string };

/** The rules of a file's text, or why it is not a rules file. */
export function readRules(name: string, text: string): RulesRead {
  const parsed = parseLintRules(text);
  if (!parsed.ok) return { ok: false, message: `${name} is not a rules file: ${parsed.message}` };
  return { ok: true, rules: { name, text, rules: parsed.rules } };
}

/** Reads `file` and makes it the dataset's rules; every outcome is said in a notice. Resolves whether it was taken. */
export async function loadRulesFile(file: Blob, name: string): Promise<boolean> {
  const store = useAppStore.getState;
  const unchanged = store().datasetRules ? `The rules of ${store().datasetRules?.name} stay in use.` : 'No rules are in use.';
  if (!store().dataset) {
    store().showNotice({ tone: 'error', title: `Rules are checked with a dataset: open one first. ${name} was not loaded.` });
    return false;
  }
  if (file.size > RULES_FILE_MAX_BYTES) {
    store().showNotice({ tone: 'error', title: `${name} is not a rules file: it is ${file.size.toLocaleString('en')} bytes, and a rules file is at most ${RULES_FILE_MAX_BYTES.toLocaleString('en')}. ${unchanged}` });
    return false;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (thrown) {
    store().showNotice({ tone: 'error', title: `${name} could not be read (${thrown instanceof Error ? thrown.message : String(thrown)}). ${unchanged}` });
    return false;
  }
  const read = readRules(name, text);
  if (!read.ok) {
    store().showNotice({ tone: 'error', title: `${read.message}. ${unchanged}` });
    return false;
  }
  store().setDatasetRules(read.rules);
  const tokens = needsTokens(read.rules.rules) ? " Its token rules are judged as the tokenizer counts each record's tokens (the Validation summary says how far)." : '';
  store().showNotice({ tone: 'success', title: `Checking the records with the rules of ${name}.${tokens}` });
  return true;
}

/** The dataset is checked without rules again. */
export function removeRules(): void {
  const { datasetRules, setDatasetRules, showNotice } = useAppStore.getState();
  if (!datasetRules) return;
  setDatasetRules(null);
  showNotice({ tone: 'info', title: `Removed the rules of ${datasetRules.name}: the records are checked without them.` });
}
