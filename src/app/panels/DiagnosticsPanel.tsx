/**
 * Every diagnostic with its severity, message and field, a Jump button that shows and
 * focuses that field in the editor (`reveal(path)`), and Fix buttons for those that carry a
 * repair (FixButtons.tsx). Collapsible; long lists are cut with a
 * "Show all" so that a record with thousands of problems stays responsive.
 */
import { memo, useMemo, useState } from 'react';
import { formatPath } from '../../core/index.ts';
import { readPreference, writePreference } from '../persistence/preferences.ts';
import { countBySeverity, countOfKind, useAppStore, useDiagnostics, type ListedDiagnostic } from '../store/index.ts';
import { arrangeDiagnostics, harmlessLine, type HarmlessGroup } from './diagnostic-groups.ts';
import { FixButtons } from './FixButtons.tsx';

/**
 * The open list's height at most (8 rem, about five rows; it scrolls beyond): the editors keep the
 * window's height (issue 24: the panel took up to a fifth of it). Fold it with its heading.
 */
const DIAGNOSTICS_HEIGHT = 'max-h-32';

/** Rows rendered before "Show all": enough to read, few enough to re-render on every keystroke. */
const MAX_LISTED = 200;

const severityStyle = {
  error: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  warning: 'bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-100',
  info: 'bg-sky-100 text-sky-950 dark:bg-sky-900/60 dark:text-sky-100',
};
const severityLabel = { error: 'Error', warning: 'Warning', info: 'Info' };
const sourceLabel = { reader: 'import', record: 'check', structure: 'check', format: 'format', rules: 'rules' };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function DiagnosticsPanel() {
  const all = useDiagnostics();
  // Problems first (errors on top); harmless differences grouped after them (diagnostic-groups.ts).
  const { problems: list, harmless } = useMemo(() => arrangeDiagnostics(all), [all]);
  const harmlessCount = harmless.reduce((n, group) => n + group.items.length, 0);
  const counts = countBySeverity(list);
  const [open, setOpen] = useState(() => readPreference('diagnostics-open') !== 'false');
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? list : list.slice(0, MAX_LISTED);
  const kinds = useMemo(() => fixKinds(list), [list]);

  // A bad line of a dataset has no conversation to check: its reading problem is the one to show.
  const badLine = useAppStore((state) => (state.datasetLoaded?.ok === false ? state.datasetLoaded.problem : null));
  const problemsText = list.length === 0 ? 'no problems' : [counts.error && plural(counts.error, 'error'), counts.warning && plural(counts.warning, 'warning'), counts.info && `${counts.info} info`].filter(Boolean).join(', ');
  const summary = badLine ? `line ${badLine.line} cannot be read` : harmlessCount > 0 ? `${problemsText}; ${plural(harmlessCount, 'harmless difference')}` : problemsText;

  return (
    <section aria-labelledby="parley-diagnostics-heading" className="shrink-0 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="parley-diagnostics-heading" className="text-sm font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open && list.length > 0 ? "parley-diagnostics-list" : undefined}
          onClick={() => {
            setOpen(!open);
            writePreference('diagnostics-open', String(!open));
          }}
          className="flex w-full items-center gap-2 px-4 py-1.5 text-left hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-500 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true" className="inline-block w-3 text-slate-600 dark:text-slate-300">
            {open ? '▾' : '▸'}
          </span>
          Diagnostics
          <span className={`font-normal ${counts.error > 0 || badLine ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}>({summary})</span>
        </button>
      </h2>
      {open && badLine && (
        <p className="px-4 pb-2 text-sm">
          <span className={`mr-2 rounded px-1.5 text-xs font-semibold ${severityStyle.error}`}>Error</span>
          {badLine.message}
        </p>
      )}
      {/* No problems: the heading says so, and the panel is that one line. */}
      {open && !badLine && all.length > 0 && (
        <div id="parley-diagnostics-list" className={`${DIAGNOSTICS_HEIGHT} overflow-auto px-4 pb-2`}>
          {list.length > 0 && (
            <ul aria-label="Diagnostics" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              {shown.map((diagnostic) => (
                <DiagnosticRow key={diagnostic.key} diagnostic={diagnostic} kindCount={diagnostic.fix ? (kinds.get(diagnostic.fix.id) ?? 0) : 0} />
              ))}
            </ul>
          )}
          {list.length > shown.length && (
            <button type="button" onClick={() => setShowAll(true)} className="mt-1 text-sm text-sky-800 underline underline-offset-2 dark:text-sky-300">
              Show all {list.length} diagnostics
            </button>
          )}
          {harmless.length > 0 && (
            <ul aria-label="Harmless differences" className="flex flex-col divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {harmless.map((group) => (
                <HarmlessRow key={group.code} group={group} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** A group of harmless differences in one line; its members on demand. */
function HarmlessRow({ group }: { group: HarmlessGroup<ListedDiagnostic> }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-1 text-sm text-slate-700 dark:text-slate-300">
      <div className="flex items-start gap-2">
        <span className="mt-0.5 shrink-0 rounded bg-slate-200 px-1.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">Harmless</span>
        <span className="min-w-0 flex-1">
          {harmlessLine(group)} <span className="text-xs text-slate-600 dark:text-slate-400">· {group.code}</span>
        </span>
        {group.items.length > 1 && (
          <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="shrink-0 rounded border border-slate-300 px-2 text-xs font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
            {open ? 'Hide' : `Show all ${group.items.length}`}
          </button>
        )}
      </div>
      {open && (
        <ul className="ml-16 list-disc pl-4 text-xs">
          {group.items.map((d) => (
            <li key={d.key}>{d.message}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Per fix id, how many fixes of that kind the list holds ("Fix all N"). */
function fixKinds(list: readonly ListedDiagnostic[]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const diagnostic of list) {
    const id = diagnostic.fix?.id;
    if (id !== undefined && !kinds.has(id)) kinds.set(id, countOfKind(list, id));
  }
  return kinds;
}

/** Rows are rebuilt on every keystroke (the render is); an unchanged problem keeps its row. */
const DiagnosticRow = memo(function DiagnosticRow({ diagnostic, kindCount }: { diagnostic: ListedDiagnostic; kindCount: number }) {
  const path = diagnostic.path;
  const where = path && path.length > 0 ? formatPath(path) : undefined;
  return (
    <li className="flex items-start gap-2 py-1 text-sm">
      <span className={`mt-0.5 shrink-0 rounded px-1.5 text-xs font-semibold ${severityStyle[diagnostic.severity]}`}>{severityLabel[diagnostic.severity]}</span>
      <div className="min-w-0 flex-1">
        <span>{diagnostic.message}</span>{' '}
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {where && <code className="font-mono">{where}</code>} · {sourceLabel[diagnostic.source]} · {diagnostic.code}
        </span>
      </div>
      <FixButtons diagnostic={diagnostic} listKey={diagnostic.key} kindCount={kindCount} {...(where ? { where } : {})} />
      {path && path.length > 0 && (
        <button
          type="button"
          onClick={() => useAppStore.getState().reveal(path)}
          aria-label={`Jump to ${where}: ${diagnostic.message}`}
          className="shrink-0 rounded border border-slate-300 px-2 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Jump
        </button>
      )}
    </li>
  );
}, (a, b) => a.diagnostic.key === b.diagnostic.key && a.diagnostic.severity === b.diagnostic.severity && a.diagnostic.fix?.label === b.diagnostic.fix?.label && a.kindCount === b.kindCount);
