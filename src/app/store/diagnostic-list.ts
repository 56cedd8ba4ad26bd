/**
 * The one list of diagnostics a person sees: the last open's decode warnings, the
 * format-independent checks (validateRecord) and the format's render diagnostics, each problem
 * once. The diagnostics panel, the preview's markers, the form fields and `window.__parley` all
 * read this list (derived in derived.ts), so they never disagree about what is wrong.
 */
import { formatPath, withoutValidated, type Diagnostic } from '../../core/index.ts';

export type DiagnosticSource = 'import' | 'editor' | 'format';

export interface ListedDiagnostic extends Diagnostic {
  source: DiagnosticSource;
  /** Unique in the list: what it is de-duplicated by, and the React key of its row. */
  key: string;
}

/** One problem, one key: the same code at the same path with the same sentence, whoever reports it. */
export function diagnosticKey(diagnostic: Diagnostic): string {
  return `${diagnostic.code}\u0000${formatPath(diagnostic.path ?? [])}\u0000${diagnostic.message}`;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function listDiagnostics(sources: Record<DiagnosticSource, readonly Diagnostic[]>): ListedDiagnostic[] {
  // A format may report in its own words what validateRecord reports too (same code and path):
  // core's withoutValidated keeps the validator's copy, as `parley validate` does.
  const format = withoutValidated(sources.format, sources.editor);
  const seen = new Set<string>();
  const out: ListedDiagnostic[] = [];
  for (const [source, list] of [['import', sources.import], ['editor', sources.editor], ['format', format]] as const) {
    for (const diagnostic of list) {
      const key = diagnosticKey(diagnostic);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...diagnostic, source, key });
    }
  }
  // Errors first; within a severity, document order (by path), so the list reads top to bottom.
  return out
    .map((d, index) => ({ d, index }))
    .sort((a, b) => SEVERITY_ORDER[a.d.severity] - SEVERITY_ORDER[b.d.severity] || comparePaths(a.d.path ?? [], b.d.path ?? []) || a.index - b.index)
    .map(({ d }) => d);
}

function comparePaths(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

export function countBySeverity(list: readonly Diagnostic[]): { error: number; warning: number; info: number } {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of list) counts[d.severity] += 1;
  return counts;
}
