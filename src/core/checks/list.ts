/**
 * One identity and one order for a record's diagnostics, wherever they are listed (the editor's
 * panel, the dataset list, `parley validate`): a problem is the same code at the same path with
 * the same sentence, whoever reports it; errors come first, then warnings, then infos, each in
 * document order (by path), so a list reads top to bottom.
 */
import type { Diagnostic, Severity } from '../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../model/path.ts';
import { withoutValidated } from '../validate/merge.ts';

/** Who found a problem: the dialect's reader, the format-independent checks, the structural checks, the format's render, the team's rules. */
export type CheckSource = 'reader' | 'record' | 'structure' | 'format' | 'rules';

export interface CheckedDiagnostic extends Diagnostic {
  source: CheckSource;
}

/** One problem, one key: the same code at the same path with the same sentence. */
export function diagnosticKey(diagnostic: Diagnostic): string {
  return `${diagnostic.code}\u0000${formatPath(diagnostic.path ?? [])}\u0000${diagnostic.message}`;
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** Document order of two paths: numbers by value, keys by name, a parent before its children. */
export function comparePaths(a: FieldPath, b: FieldPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

export type DiagnosticSources = Readonly<Record<CheckSource, readonly Diagnostic[]>>;

/**
 * Every diagnostic of the sources, each problem once, in the one order. A format may report in
 * its own words what validateRecord reports too (same code and path): the validator's copy is
 * kept (validate/merge.ts). Among equal keys the first source in `CheckSource` order wins.
 */
export function combineDiagnostics(sources: DiagnosticSources): CheckedDiagnostic[] {
  const single = onlyDiagnostic(sources);
  // Nothing, or one problem (most records of a data set): nothing to merge, key or order.
  if (single !== undefined) return single.diagnostic === undefined ? [] : [{ ...single.diagnostic, source: single.source }];
  const format = withoutValidated(sources.format, sources.record);
  const ordered: [CheckSource, readonly Diagnostic[]][] = [
    ['reader', sources.reader],
    ['record', sources.record],
    ['structure', sources.structure],
    ['format', format],
    ['rules', sources.rules],
  ];
  const seen = new Set<string>();
  const out: { d: CheckedDiagnostic; index: number }[] = [];
  for (const [source, list] of ordered) {
    for (const diagnostic of list) {
      const key = diagnosticKey(diagnostic);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ d: { ...diagnostic, source }, index: out.length });
    }
  }
  return out.sort((a, b) => SEVERITY_RANK[a.d.severity] - SEVERITY_RANK[b.d.severity] || comparePaths(a.d.path ?? [], b.d.path ?? []) || a.index - b.index).map(({ d }) => d);
}

const SOURCES: readonly CheckSource[] = ['reader', 'record', 'structure', 'format', 'rules'];

/** The one diagnostic of all the sources with its source (`diagnostic` undefined: none at all); undefined when there are more. */
function onlyDiagnostic(sources: DiagnosticSources): { diagnostic: Diagnostic | undefined; source: CheckSource } | undefined {
  let found: { diagnostic: Diagnostic | undefined; source: CheckSource } = { diagnostic: undefined, source: 'reader' };
  for (const source of SOURCES) {
    const list = sources[source];
    if (list.length === 0) continue;
    if (list.length > 1 || found.diagnostic !== undefined) return undefined;
    found = { diagnostic: list[0], source };
  }
  return found;
}

/** The diagnostics without the `source` tag (what the command writes and the worker sends). */
export function withoutSource(diagnostics: readonly CheckedDiagnostic[]): Diagnostic[] {
  return diagnostics.map(({ source: _source, ...rest }) => rest);
}

export function countBySeverity(list: readonly Diagnostic[]): Record<Severity, number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of list) counts[d.severity] += 1;
  return counts;
}
