/**
 * Inline diagnostics: the format's render diagnostics plus `validateRecord`, grouped by the
 * field that shows them (see anchor.ts). Derived, never stored: rebuilt once per change of the
 * render or the record, and each field's list keeps its identity while its content is the same,
 * so typing in one message re-renders no other field.
 */
import { formatPath, type Diagnostic } from '../../../core/index.ts';
import { renderState, useAppStore, validationState, type AppState } from '../../store/index.ts';
import { anchorPath } from './anchor.ts';
import type { FieldPath } from '../../../core/index.ts';

export const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

type Index = Map<string, readonly Diagnostic[]>;
let lastIndex: { rendered: unknown; validation: Diagnostic[]; index: Index } | undefined;

function sameList(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  return a.length === b.length && a.every((d, i) => {
    const other = b[i];
    return other !== undefined && d.severity === other.severity && d.code === other.code && d.message === other.message;
  });
}

const NOT_RENDERED = { diagnostics: [] as Diagnostic[] };

export function diagnosticsIndex(state: AppState): Index {
  let rendered: { diagnostics: Diagnostic[] };
  try {
    rendered = renderState(state);
  } catch {
    // A renderer bug must not take the form editors down with it (the preview reports it).
    rendered = NOT_RENDERED;
  }
  const validation = validationState(state);
  if (lastIndex && lastIndex.rendered === rendered && lastIndex.validation === validation) return lastIndex.index;
  const groups = new Map<string, Diagnostic[]>();
  for (const diagnostic of [...rendered.diagnostics, ...validation]) {
    const key = formatPath(anchorPath(diagnostic.path ?? []));
    if (key === '') continue;
    const group = groups.get(key);
    if (group) {
      if (!group.some((d) => d.code === diagnostic.code && d.message === diagnostic.message)) group.push(diagnostic);
    } else {
      groups.set(key, [diagnostic]);
    }
  }
  const index: Index = new Map();
  for (const [key, list] of groups) {
    const previous = lastIndex?.index.get(key);
    index.set(key, previous && sameList(previous, list) ? previous : list);
  }
  lastIndex = { rendered, validation, index };
  return index;
}

/** The diagnostics shown at the field `path` (an anchor path). */
export function useFieldDiagnostics(path: FieldPath): readonly Diagnostic[] {
  const key = formatPath(path);
  return useAppStore((state) => diagnosticsIndex(state).get(key) ?? NO_DIAGNOSTICS);
}
