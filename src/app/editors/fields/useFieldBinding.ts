/**
 * Everything a form control needs to take part in navigation and diagnostics: its accessible
 * name (from its path), registration in the field registry (`data-field-path`), reporting focus
 * to the store (the preview highlights the focused field), and its inline diagnostics, linked
 * with `aria-describedby`.
 */
import { useCallback, useId, useMemo } from 'react';
import { formatPath, parsePath, type Diagnostic, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { useFieldDiagnostics } from '../diagnostics/diagnostics-index.ts';
import { fieldLabel } from '../labels.ts';
import { registerField } from '../navigation/field-registry.ts';

export interface FieldBinding {
  path: FieldPath;
  label: string;
  diagnostics: readonly Diagnostic[];
  diagnosticsId: string;
  controlProps: {
    ref: (element: HTMLElement | null) => (() => void) | undefined;
    'data-field-path': string;
    'aria-label': string;
    'aria-describedby': string | undefined;
    'aria-invalid': boolean | undefined;
    onFocus: () => void;
  };
}

/** `extra` diagnostics (e.g. a local JSON syntax error not yet in the store) are shown with the field's own. */
export function useFieldBinding(path: FieldPath, extra?: readonly Diagnostic[]): FieldBinding {
  const key = formatPath(path);
  // Paths arrive as fresh arrays on every render: the formatted key is the stable identity.
  const stablePath = useMemo(() => parsePath(key), [key]);
  const stored = useFieldDiagnostics(stablePath);
  const diagnostics = useMemo(() => (extra && extra.length > 0 ? [...extra, ...stored] : stored), [extra, stored]);
  const diagnosticsId = useId();
  const ref = useCallback((element: HTMLElement | null) => (element ? registerField(stablePath, element) : undefined), [stablePath]);
  const onFocus = useCallback(() => useAppStore.getState().setFocusedPath(stablePath), [stablePath]);
  const label = fieldLabel(stablePath);
  return {
    path: stablePath,
    label,
    diagnostics,
    diagnosticsId,
    controlProps: {
      ref,
      'data-field-path': key,
      'aria-label': label,
      'aria-describedby': diagnostics.length > 0 ? diagnosticsId : undefined,
      'aria-invalid': diagnostics.some((d) => d.severity === 'error') || undefined,
      onFocus,
    },
  };
}
