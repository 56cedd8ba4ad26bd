/**
 * A format's diagnostics next to `validateRecord`'s, each problem once. A format may check
 * something the format-independent checks also check (tool-call arguments that are not a JSON
 * object): it reports it with the same code at the same path, in its own words (what the format
 * then writes). Where both report it, the validator's copy is kept, so that the app, the CLI and
 * the test API list one problem with one severity.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import { formatPath } from '../model/path.ts';

function identity(diagnostic: Diagnostic): string {
  return `${diagnostic.code}\u0000${formatPath(diagnostic.path ?? [])}`;
}

/** `formatDiagnostics` without those that `validation` reports too (same code and path). */
export function withoutValidated(formatDiagnostics: readonly Diagnostic[], validation: readonly Diagnostic[]): readonly Diagnostic[] {
  if (validation.length === 0 || formatDiagnostics.length === 0) return formatDiagnostics;
  const validated = new Set(validation.map(identity));
  const kept = formatDiagnostics.filter((d) => !validated.has(identity(d)));
  return kept.length === formatDiagnostics.length ? formatDiagnostics : kept;
}
