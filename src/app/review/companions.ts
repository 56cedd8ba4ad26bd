/**
 * Files that travel beside a dataset: its review file (`<name>.review.jsonl`) and its guidelines
 * (`<name>.guidelines.md`, or any Markdown file chosen). Dropped or opened with the dataset (or
 * after it), they are read onto it instead of being opened as a dataset.
 */

export type CompanionKind = 'review' | 'guidelines';

export function companionKind(name: string): CompanionKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.review.jsonl')) return 'review';
  if (lower.endsWith('.md') || lower.endsWith('.markdown')) return 'guidelines';
  return undefined;
}

/** The dropped files split: the companions, and the rest (what is opened as before). */
export function splitCompanions<F extends { name: string }>(files: readonly F[]): { companions: F[]; rest: F[] } {
  const companions: F[] = [];
  const rest: F[] = [];
  for (const file of files) (companionKind(file.name) ? companions : rest).push(file);
  return { companions, rest };
}
