/**
 * Search and replace over the dataset: a text or a regular expression (toggles), with or without
 * case, after qualifiers that pick roles, tools, kinds of field and JSON keys (SearchHelp.tsx);
 * the search runs in the worker with its progress and a Cancel; the result says how many
 * places in how many records and can limit the list to them. "Replace all…" counts first
 * ("Replace in N records (M places)?"), applies on confirmation as one undoable step, and offers
 * to undo it.
 */
import { useMemo, useState } from 'react';
import { isFilterEmpty, parseSearch } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { compactButton, mutedText, toolbarButton, toolbarInput } from '../../layout/ui.ts';
import { actionButton } from './ui.ts';
import { ReadAllButton } from '../parquet/ReadAllButton.tsx';
import { RecordMatches } from './RecordMatches.tsx';
import { SearchHelp } from './SearchHelp.tsx';
import { applyPendingReplace, cancelSearch, clearSearch, planReplaceAll, plural, startSearch, undoReplace } from './search-client.ts';
import { setSearchState, useSearchState } from './search-store.ts';

const toggle = (on: boolean): string => `${compactButton} font-mono ${on ? 'border-sky-600 bg-sky-100 text-sky-900 dark:border-sky-400 dark:bg-sky-900 dark:text-sky-100' : ''}`;

export function SearchBar() {
  const query = useSearchState((s) => s.query);
  const template = useSearchState((s) => s.template);
  const [showReplace, setShowReplace] = useState(false);
  const setQuery = (patch: Partial<typeof query>): void => setSearchState({ query: { ...query, ...patch }, pending: null });
  // Qualifiers alone (`role:bot`) find records but hold no text to replace.
  const nothingToReplace = useMemo(() => {
    const parsed = parseSearch(query.pattern);
    return parsed.ok && parsed.search.text === '';
  }, [query.pattern]);

  return (
    <section role="search" aria-label="Search the records" className="flex flex-col gap-1.5">
      <form
        className="flex flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          startSearch();
        }}
      >
        <input type="search" dir="auto" aria-label="Search records" placeholder={query.regex ? 'Regular expression, after qualifiers (role:assistant …)' : 'Search text, or role:assistant hello'} value={query.pattern} onChange={(event) => setQuery({ pattern: event.target.value })} className={`${toolbarInput} w-full`} />
        <div className="flex flex-wrap items-center gap-1.5">
          <button type="button" aria-pressed={query.caseSensitive} title="Match case" aria-label="Match case" className={toggle(query.caseSensitive)} onClick={() => setQuery({ caseSensitive: !query.caseSensitive })}>
            Aa
          </button>
          <button type="button" aria-pressed={query.regex} title="Regular expression" aria-label="Regular expression" className={toggle(query.regex)} onClick={() => setQuery({ regex: !query.regex })}>
            .*
          </button>
          <button type="submit" className={actionButton.replace('h-8', 'h-7').replace('text-sm', 'text-xs')} disabled={query.pattern === ''}>
            Search
          </button>
          <button type="button" className={compactButton} aria-expanded={showReplace} onClick={() => setShowReplace(!showReplace)}>
            Replace
          </button>
          <SearchHelp />
        </div>
      </form>
      {showReplace && (
        <form
          className="flex flex-wrap items-center gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            planReplaceAll();
          }}
        >
          <input dir="auto" aria-label="Replace with" placeholder={query.regex ? 'Replacement ($1: a group)' : 'Replacement'} value={template} onChange={(event) => setSearchState({ template: event.target.value, pending: null })} className={`${toolbarInput} min-w-0 flex-1`} />
          <button type="submit" className={toolbarButton} disabled={query.pattern === '' || nothingToReplace}>
            Replace all…
          </button>
          {nothingToReplace && <span className={`text-sm ${mutedText}`}>Qualifiers alone find records: add a text to replace.</span>}
        </form>
      )}
      <SearchStatusLine />
      <ReplaceConfirmation />
    </section>
  );
}

/** The last replace applied, while it is the dataset's last step (an undo, here or from the toolbar, ends it). */
function useStandingReplace(): string | null {
  const applied = useSearchState((s) => s.applied);
  const standing = useAppStore((state) => applied !== null && state.datasetPast[state.datasetPast.length - 1]?.label === applied);
  return standing ? applied : null;
}

function SearchStatusLine() {
  const status = useSearchState((s) => s.status);
  const progress = useSearchState((s) => s.progress);
  const result = useSearchState((s) => s.result);
  const resultQuery = useSearchState((s) => s.resultQuery);
  const error = useSearchState((s) => s.error);
  const onlyMatches = useSearchState((s) => s.onlyMatches);
  const resultReplaced = useSearchState((s) => s.resultReplaced);
  const standing = useStandingReplace();
  const replaced = resultReplaced && standing !== null;

  if (status === 'searching' || status === 'planning') {
    const done = progress?.done ?? 0;
    const total = progress?.total ?? 0;
    return (
      <div className="flex items-center gap-2 text-sm" role="status">
        <span>{status === 'searching' ? 'Searching' : 'Counting the replacements'}…</span>
        <progress aria-label={status === 'searching' ? 'Search progress' : 'Replace progress'} max={total || 1} value={done} className="h-2 w-32" />
        <span className={mutedText}>
          {done.toLocaleString('en')} / {total.toLocaleString('en')} records
        </span>
        <button type="button" className={toolbarButton} onClick={cancelSearch}>
          Cancel
        </button>
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
        <ReadAllButton purpose="search" />
      </div>
    );
  }
  if (!result || !resultQuery) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" role="status">
      <span aria-label="Search result">
        {result.totalPlaces === 0 ? `No match for “${resultQuery.pattern}”` : `${plural(result.totalPlaces, 'match', 'matches')} in ${plural(result.ids.length, 'record')}${replaced ? ', replaced' : ''}`}
      </span>
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={onlyMatches} onChange={(event) => setSearchState({ onlyMatches: event.target.checked })} />
        Only matching records
      </label>
      <button type="button" className={toolbarButton} onClick={clearSearch}>
        Clear search
      </button>
      <RecordMatches />
    </div>
  );
}

function ReplaceConfirmation() {
  const pending = useSearchState((s) => s.pending);
  // The offer to undo lasts while the replace is the dataset's last step.
  const applied = useStandingReplace();
  const filtered = useSearchState((s) => !isFilterEmpty(s.filter));
  if (pending) {
    const records = pending.changes.size;
    return (
      <div role="alertdialog" aria-label="Confirm replace" className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950">
        {records === 0 ? (
          <span>Nothing to replace: no text value of a record matches.</span>
        ) : (
          <span>
            Replace “{pending.query.pattern}” with “{pending.template}” in {plural(records, 'record')} ({plural(pending.places, 'place')}){filtered ? ' among the records the filters show' : ''}?
          </span>
        )}
        {pending.unreadable > 0 && <span className={mutedText}>{plural(pending.unreadable, 'bad line')} also match; fix them as text.</span>}
        {records > 0 && (
          <button type="button" className={actionButton} onClick={applyPendingReplace}>
            Replace in {plural(records, 'record')}
          </button>
        )}
        <button type="button" className={toolbarButton} onClick={() => setSearchState({ pending: null })}>
          {records > 0 ? 'Cancel' : 'Close'}
        </button>
      </div>
    );
  }
  if (!applied) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 text-sm">
      <span>Done: {applied}.</span>
      <button type="button" className={toolbarButton} onClick={undoReplace}>
        Undo replace
      </button>
    </div>
  );
}
