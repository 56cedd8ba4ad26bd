/** Diagnostics of a part of a training record (its prompt, one branch), moved to where that part is in the whole. */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { pathLabel, type FieldPath } from '../../model/path.ts';

/**
 * Each diagnostic whose path starts `[from, i, …]` now at `[...to, i + offset, …]` (a branch
 * given as one object, `single`: at `[...to, …]`); a message that starts with the old path's
 * label (decode diagnostics do: `messages[0].role: …`) starts with the new one.
 */
export function movedDiagnostics(diagnostics: readonly Diagnostic[], from: string, to: FieldPath, offset = 0, single = false): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    const path = diagnostic.path;
    if (path === undefined || path[0] !== from) return diagnostic;
    const index = path[1];
    const moved: FieldPath = typeof index !== 'number' ? [...to, ...path.slice(1)] : single && index === 0 ? [...to, ...path.slice(2)] : [...to, index + offset, ...path.slice(2)];
    const oldLabel = pathLabel(path);
    const message = diagnostic.message.startsWith(oldLabel) ? pathLabel(moved) + diagnostic.message.slice(oldLabel.length) : diagnostic.message;
    return { ...diagnostic, path: moved, message };
  });
}
