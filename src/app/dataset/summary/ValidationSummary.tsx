/**
 * The bulk validation summary: for each diagnostic code in the dataset, its severity, how many
 * records have it and an example message; choosing a code filters the list to those records.
 * Exact duplicates are a property of the file, not of a record: one entry of their own (how many
 * records repeat an earlier one, in how many groups), which shows them together.
 */
import { useEffect, useMemo, useState } from 'react';
import { DuplicateFinder, validationSummary, type FilterableRow } from '../../../core/index.ts';
import { mutedText, toolbarButton } from '../../layout/ui.ts';
import { readingRefusal, useAppStore } from '../../store/index.ts';
import { plural } from '../search/search-client.ts';
import { setSearchState, useSearchState } from '../search/search-store.ts';
import { ReadAllButton } from '../parquet/ReadAllButton.tsx';
import { codeTable, describeCodes } from './code-info.ts';
import { useJudgedRows } from '../judged-rows.ts';
import { hasTokenizer } from '../lengths/lengths-client.ts';
import { useLengths } from '../lengths/lengths-store.ts';
import { tokenRulesNote } from './token-rules-note.ts';

const severityStyle = {
  error: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  warning: 'bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-100',
  info: 'bg-sky-100 text-sky-950 dark:bg-sky-900/60 dark:text-sky-100',
  unknown: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** Records of `order` that repeat an earlier one, and the groups they form. */
export function duplicateCounts(rows: readonly (FilterableRow | undefined)[], order: readonly number[]): { repeats: number; groups: number } {
  const finder = new DuplicateFinder();
  for (const id of order) {
    const key = rows[id]?.key;
    if (key !== undefined) finder.add(id, key);
  }
  return { repeats: finder.repeats(), groups: finder.groups().length };
}

export function ValidationSummary() {
  // With the token rules' judgements (judged-rows.ts): counted as the command counts them.
  const rows = useJudgedRows();
  const order = useAppStore((s) => s.datasetOrder);
  const filter = useSearchState((s) => s.filter);
  // Bumped when code-info.ts learnt severities and examples.
  const [described, setDescribed] = useState(0);
  // `described` is a dependency on purpose: the table it counts changed.
  const all = useMemo(() => validationSummary(rows, codeTable(), order), [rows, order, described]);
  // Harmless differences (issue 24, noise): one line per kind, after and below the problems.
  const counts = useMemo(() => all.filter((c) => c.harmless !== true), [all]);
  const harmless = useMemo(() => all.filter((c) => c.harmless === true), [all]);
  const codes = [...new Set(all.map((c) => c.code))].join('\n');
  const duplicates = useMemo(() => duplicateCounts(rows, order), [rows, order]);
  const formatId = useAppStore((s) => s.formatId);
  const formatOptions = useAppStore((s) => s.formatOptions);
  // A Parquet dataset still being read: no counts that would look like the whole dataset's.
  const reading = useAppStore((s) => readingRefusal(s, 'Checking'));
  const tokenNote = useLengths((lengths) => tokenRulesNote(lengths, hasTokenizer({ formatId, formatOptions }, lengths)));

  useEffect(() => {
    let live = true;
    void describeCodes(codes === '' ? [] : codes.split('\n')).then((learnt) => {
      if (live && learnt) setDescribed((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [codes]);

  return (
    <section aria-labelledby="parley-validation-summary" className="flex flex-col gap-1">
      <h3 id="parley-validation-summary" className="text-sm font-semibold">
        Validation summary <span className={`font-normal ${mutedText}`}>({counts.length === 0 ? 'no diagnostics' : plural(counts.length, 'code')}{harmless.length > 0 ? `, ${plural(harmless.length, 'kind')} of harmless difference` : ''})</span>
      </h3>
      {reading && (
        <p role="status" className={`text-sm ${mutedText}`}>
          {reading}
        </p>
      )}
      {reading && (
        <div>
          <ReadAllButton purpose="check every record" />
        </div>
      )}
      {tokenNote && (
        <p role="status" className={`text-sm ${mutedText}`}>
          {tokenNote}
        </p>
      )}
      {duplicates.repeats > 0 && (
        <div role="group" className="flex items-center gap-2 text-sm" aria-label="Exact duplicates">
          <span className={`rounded px-1.5 text-xs font-medium ${severityStyle.warning}`}>file</span>
          <span className="min-w-0 flex-1">
            Exact duplicates: {plural(duplicates.repeats, 'record')} {duplicates.repeats === 1 ? 'repeats' : 'repeat'} an earlier one ({plural(duplicates.groups, 'group')})
          </span>
          <button type="button" aria-pressed={filter.duplicates === true} className={toolbarButton} aria-label="Show the duplicates together" onClick={() => setSearchState({ filter: { ...filter, duplicates: filter.duplicates ? undefined : true } })}>
            {filter.duplicates ? 'Showing' : 'Show'}
          </button>
        </div>
      )}
      {counts.length > 0 && (
        <ul aria-label="Diagnostic codes" className="flex max-h-48 flex-col divide-y divide-slate-200 overflow-auto text-sm dark:divide-slate-800">
          {counts.map((count) => {
            const severity = count.severity ?? 'unknown';
            const active = filter.code === count.code;
            return (
              <li key={count.code} className="flex items-center gap-2 py-1">
                <span className={`rounded px-1.5 text-xs font-medium ${severityStyle[severity]}`}>{severity}</span>
                <code className="shrink-0">{count.code}</code>
                <span className="shrink-0 tabular-nums">{plural(count.records, 'record')}</span>
                <span className={`min-w-0 flex-1 truncate ${mutedText}`} title={count.example}>
                  {count.example}
                </span>
                <button type="button" aria-pressed={active} className={toolbarButton} aria-label={`Show the records with ${count.code}`} onClick={() => setSearchState({ filter: { ...filter, code: active ? undefined : count.code } })}>
                  {active ? 'Showing' : 'Show'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {harmless.length > 0 && (
        <ul aria-label="Harmless differences" className="flex max-h-24 flex-col divide-y divide-slate-200 overflow-auto text-sm dark:divide-slate-800">
          {harmless.map((count) => (
            <li key={count.code} className={`flex items-center gap-2 py-1 ${mutedText}`}>
              <span className="min-w-0 flex-1 truncate" title={count.example}>
                {plural(count.records, 'record')}: harmless differences like “{count.example ?? count.code}”
              </span>
              <code className="shrink-0">{count.code}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
