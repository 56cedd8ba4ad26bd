/**
 * How far reviewers agree: over the records every reviewer gave a status ("compared"), the
 * share on which they all gave the same status (percent) and the chance-corrected kappa
 * (Cohen's for two reviewers, Fleiss' for more: kappa.ts; null where undefined); the same per
 * label (a label is a yes/no question: did the reviewer put it on the record); and the records
 * on which they differ.
 *
 * A record is recognised across review files by its fingerprint (reviewers' line numbers can
 * differ: the parts of a split each count their own lines); equal records (one fingerprint)
 * are paired in the order of their lines. A record one reviewer edited has a new fingerprint in
 * that reviewer's file: compare review files of one version of the dataset (after `review
 * join`, which gives every entry the joined record's fingerprint).
 */
import { locatorNumber, type ReviewEntry, type ReviewStatus } from './entry.ts';
import { cohensKappa, fleissKappa } from './kappa.ts';

export interface ReviewerEntries {
  /** The file's name: the reviewer of its entries that name none. */
  name: string;
  entries: readonly ReviewEntry[];
}

export interface AgreementMeasure {
  /** Percent (0–100) of the compared records on which every reviewer agreed; null when none were compared. */
  agreement: number | null;
  kappa: number | null;
}

export interface Disagreement {
  fingerprint: string;
  /** Each reviewer's entry on the record, in the reviewers' order. */
  entries: ReviewEntry[];
  /** Whether the statuses differ. */
  status: boolean;
  /** The labels some reviewers gave and others not. */
  labels: string[];
}

export interface AgreementReport {
  reviewers: string[];
  /** Records at least one reviewer gave a status. */
  records: number;
  /** Records every reviewer gave a status. */
  compared: number;
  status: AgreementMeasure;
  labels: Record<string, AgreementMeasure>;
  /** In the order of the first reviewer's lines. */
  disagreements: Disagreement[];
}

export function reviewAgreement(files: readonly ReviewerEntries[]): AgreementReport {
  const rated = new Map<string, Map<string, ReviewEntry>>();
  for (const file of files) {
    for (const entry of file.entries) {
      if (entry.status === undefined) continue;
      const reviewer = entry.reviewer ?? file.name;
      let entries = rated.get(reviewer);
      if (!entries) rated.set(reviewer, (entries = new Map()));
      entries.set(`${entry.fingerprint}\u0000${locatorNumber(entry)}`, entry);
    }
  }
  const reviewers = [...rated.keys()];
  if (reviewers.length < 2) throw new RangeError(`agreement needs the statuses of at least two reviewers (found ${reviewers.length === 0 ? 'none' : reviewers.join(', ')})`);
  // Record identity: fingerprint and occurrence (the k-th entry on that fingerprint, in line order).
  const byRecord = reviewers.map((reviewer) => identify([...(rated.get(reviewer) as Map<string, ReviewEntry>).values()]));
  const records = new Set(byRecord.flatMap((map) => [...map.keys()]));
  const compared: { id: string; entries: ReviewEntry[] }[] = [];
  for (const id of (byRecord[0] as Map<string, ReviewEntry>).keys()) {
    const entries = byRecord.map((map) => map.get(id));
    if (entries.every((e) => e !== undefined)) compared.push({ id, entries: entries as ReviewEntry[] });
  }
  compared.sort((a, b) => locatorNumber(a.entries[0] as ReviewEntry) - locatorNumber(b.entries[0] as ReviewEntry));
  const labelNames = [...new Set(compared.flatMap((record) => record.entries.flatMap((entry) => entry.labels)))].sort();
  const labels: Record<string, AgreementMeasure> = {};
  for (const label of labelNames) labels[label] = measure(compared.map((record) => record.entries.map((entry) => (entry.labels.includes(label) ? 'yes' : 'no'))));
  const disagreements: Disagreement[] = [];
  for (const record of compared) {
    const status = new Set(record.entries.map((entry) => entry.status as ReviewStatus)).size > 1;
    const differing = labelNames.filter((label) => new Set(record.entries.map((entry) => entry.labels.includes(label))).size > 1);
    if (status || differing.length > 0) disagreements.push({ fingerprint: (record.entries[0] as ReviewEntry).fingerprint, entries: record.entries, status, labels: differing });
  }
  return {
    reviewers,
    records: records.size,
    compared: compared.length,
    status: measure(compared.map((record) => record.entries.map((entry) => entry.status as ReviewStatus))),
    labels,
    disagreements,
  };
}

function identify(entries: readonly ReviewEntry[]): Map<string, ReviewEntry> {
  const ordered = [...entries].sort((a, b) => locatorNumber(a) - locatorNumber(b));
  const seen = new Map<string, number>();
  const out = new Map<string, ReviewEntry>();
  for (const entry of ordered) {
    const k = seen.get(entry.fingerprint) ?? 0;
    seen.set(entry.fingerprint, k + 1);
    out.set(`${entry.fingerprint}#${k}`, entry);
  }
  return out;
}

/** Agreement over items, each with one category per reviewer. */
function measure(items: readonly (readonly string[])[]): AgreementMeasure {
  if (items.length === 0) return { agreement: null, kappa: null };
  const same = items.filter((ratings) => ratings.every((r) => r === ratings[0])).length;
  const raters = (items[0] as readonly string[]).length;
  const kappa = raters === 2 ? cohensKappa(items.map((r) => [r[0] as string, r[1] as string])) : fleissKappa(items);
  return { agreement: (100 * same) / items.length, kappa };
}

/** The report as the command's `--json`: `{records, compared, status, labels, disagreements: [line, …]}` (lines of the first reviewer's entries). */
export function agreementJson(report: AgreementReport): { records: number; compared: number; status: AgreementMeasure; labels: Record<string, AgreementMeasure>; disagreements: number[] } {
  return {
    records: report.records,
    compared: report.compared,
    status: report.status,
    labels: report.labels,
    disagreements: report.disagreements.map((d) => locatorNumber(d.entries[0] as ReviewEntry)),
  };
}
