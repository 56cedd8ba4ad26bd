/**
 * Inline diagnostics: the store's one list of diagnostics (store/derived.ts), grouped by the
 * field that shows them (see anchor.ts). Derived, never stored: rebuilt once per change of the
 * list, and each field's list keeps its identity while its content is the same, so typing in
 * one message re-renders no other field.
 */
import { formatPath, type Diagnostic, type FieldPath } from '../../../core/index.ts';
import { diagnosticsState, useAppStore, validationState, type AppState } from '../../store/index.ts';
import { anchorPath } from './anchor.ts';

export const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

type Index = Map<string, readonly Diagnostic[]>;
let lastIndex: { list: readonly Diagnostic[]; index: Index } | undefined;

function sameList(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  return a.length === b.length && a.every((d, i) => {
    const other = b[i];
    return other !== undefined && d.severity === other.severity && d.code === other.code && d.message === other.message;
  });
}

function listed(state: AppState): readonly Diagnostic[] {
  try {
    return diagnosticsState(state);
  } catch {
    // A renderer bug must not take the form editors down with it (the preview reports it): the
    // checks that need no render still show.
    return validationState(state);
  }
}

export function diagnosticsIndex(state: AppState): Index {
  const list = listed(state);
  if (lastIndex?.list === list) return lastIndex.index;
  const groups = new Map<string, Diagnostic[]>();
  for (const diagnostic of list) {
    const key = formatPath(anchorPath(diagnostic.path ?? []));
    if (key === '') continue;
    const group = groups.get(key);
    // Problems at several paths inside one field (`arguments.a`, `arguments.b`) may say the same: once is enough.
    if (group) {
      if (!group.some((d) => d.code === diagnostic.code && d.message === diagnostic.message)) group.push(diagnostic);
    } else {
      groups.set(key, [diagnostic]);
    }
  }
  const index: Index = new Map();
  for (const [key, group] of groups) {
    const previous = lastIndex?.index.get(key);
    index.set(key, previous && sameList(previous, group) ? previous : group);
  }
  lastIndex = { list, index };
  return index;
}

/** The diagnostics shown at the field `path` (an anchor path). */
export function useFieldDiagnostics(path: FieldPath): readonly Diagnostic[] {
  const key = formatPath(path);
  return useAppStore((state) => diagnosticsIndex(state).get(key) ?? NO_DIAGNOSTICS);
}
