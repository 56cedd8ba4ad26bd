/**
 * Every diagnostic the panel lists, in one list: the last open's decode warnings, the
 * format-independent checks (validateRecord) and the format's render diagnostics. The same
 * problem reported by two sources (same code, path and message) is listed once.
 */
import { formatPath, type Diagnostic } from '../../core/index.ts';

export type DiagnosticSource = 'import' | 'editor' | 'format';

export interface ListedDiagnostic extends Diagnostic {
  source: DiagnosticSource;
  key: string;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function collectDiagnostics(sources: Record<DiagnosticSource, readonly Diagnostic[]>): ListedDiagnostic[] {
  const seen = new Set<string>();
  const out: ListedDiagnostic[] = [];
  for (const source of ['import', 'editor', 'format'] as const) {
    for (const diagnostic of sources[source]) {
      const identity = `${diagnostic.code}\u0000${formatPath(diagnostic.path ?? [])}\u0000${diagnostic.message}`;
      if (seen.has(identity)) continue;
      seen.add(identity);
      out.push({ ...diagnostic, source, key: `${source}\u0000${identity}` });
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
