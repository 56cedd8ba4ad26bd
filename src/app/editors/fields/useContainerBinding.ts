/**
 * A card (message, block, tool call, part, tool, file) takes part in navigation like a field:
 * it is registered under its path and can take focus (tabIndex -1), so that revealing a
 * container-level path, or one whose field is not rendered, lands on the card.
 */
import { useCallback, useMemo, type FocusEvent } from 'react';
import { formatPath, parsePath, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { registerField } from '../navigation/field-registry.ts';

export function useContainerBinding(path: FieldPath) {
  const key = formatPath(path);
  const stablePath = useMemo(() => parsePath(key), [key]);
  const ref = useCallback((element: HTMLElement | null) => (element ? registerField(stablePath, element) : undefined), [stablePath]);
  // React's onFocus bubbles: only the card's own focus (not a field inside it) selects the card.
  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      if (event.target === event.currentTarget) useAppStore.getState().setFocusedPath(stablePath);
    },
    [stablePath],
  );
  return { ref, 'data-field-path': key, tabIndex: -1, onFocus };
}
