/**
 * The diagnostics of one field, under it. An error that has just appeared is announced
 * (`role="alert"`); the others are plain text that the field references with aria-describedby,
 * so that screen readers read them with the field instead of interrupting on every keystroke.
 */
import { useState } from 'react';
import type { Diagnostic } from '../../../core/index.ts';
import { applyListedFix, diagnosticKey } from '../../store/index.ts';

const NONE: ReadonlySet<string> = new Set();

// Freshness is keyed on severity and code, not on the message: a JSON error whose column moves
// as the person types is the same error, and is announced once.
function keyOf(diagnostic: Diagnostic): string {
  return `${diagnostic.severity}:${diagnostic.code}`;
}

const TONE: Record<Diagnostic['severity'], string> = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  info: 'text-slate-600 dark:text-slate-400',
};

const MARK: Record<Diagnostic['severity'], string> = { error: '✕', warning: '!', info: 'i' };
const WORD: Record<Diagnostic['severity'], string> = { error: 'Error', warning: 'Warning', info: 'Note' };

export function FieldDiagnostics({ id, diagnostics }: { id: string; diagnostics: readonly Diagnostic[] }) {
  const [previous, setPrevious] = useState(diagnostics);
  const [fresh, setFresh] = useState(NONE);
  if (previous !== diagnostics) {
    // Derived from the previous render's list (React's "storing information from previous renders").
    const before = new Set(previous.map(keyOf));
    setPrevious(diagnostics);
    setFresh(new Set(diagnostics.filter((d) => d.severity === 'error' && !before.has(keyOf(d))).map(keyOf)));
  }
  if (diagnostics.length === 0) return null;
  return (
    <ul id={id} className="mt-0.5 space-y-0.5 text-xs">
      {diagnostics.map((diagnostic, i) => (
        <li
          key={`${diagnostic.code}-${i}`}
          data-severity={diagnostic.severity}
          data-code={diagnostic.code}
          className={`flex gap-1 ${TONE[diagnostic.severity]}`}
        >
          <span aria-hidden="true" className="font-bold">
            {MARK[diagnostic.severity]}
          </span>
          {/* The alert is the message, not the item: a list item with another role breaks the list (axe: list). */}
          <span role={fresh.has(keyOf(diagnostic)) ? 'alert' : undefined}>
            <span className="sr-only">{WORD[diagnostic.severity]}: </span>
            {diagnostic.message}
          </span>
          {diagnostic.fix && (
            // The panel's Fix, beside the field it repairs (the panel also offers "Fix all" of the kind).
            <button
              type="button"
              title={diagnostic.fix.label}
              aria-label={`Fix: ${diagnostic.fix.label}`}
              onClick={() => applyListedFix(diagnosticKey(diagnostic))}
              className="ml-1 shrink-0 self-start rounded border border-emerald-600 px-1.5 font-medium text-emerald-900 hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:border-emerald-500 dark:text-emerald-100 dark:hover:bg-emerald-900/40"
            >
              Fix
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
