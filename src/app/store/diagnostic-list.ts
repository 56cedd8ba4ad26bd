/**
 * The one list of diagnostics a person sees: core's check of the record (core/checks), with
 * the key the app adds for display. The diagnostics panel, the preview's markers, the form
 * fields and `window.__parley` all read this list (derived in derived.ts), so they never
 * disagree about what is wrong.
 */
import { diagnosticKey, type CheckedDiagnostic, type CheckSource } from '../../core/index.ts';

export { countBySeverity, diagnosticKey } from '../../core/index.ts';

export type DiagnosticSource = CheckSource;

export interface ListedDiagnostic extends CheckedDiagnostic {
  /** Unique in the list: what it is de-duplicated by, and the React key of its row. */
  key: string;
}

/** Core's combined list (already each problem once, in order), keyed for display. */
export function keyDiagnostics(list: readonly CheckedDiagnostic[]): ListedDiagnostic[] {
  return list.map((d) => ({ ...d, key: diagnosticKey(d) }));
}
