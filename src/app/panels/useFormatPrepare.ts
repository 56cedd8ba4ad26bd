/**
 * Loads the shown format's on-demand code (store/prepare-format.ts) whenever the format changes,
 * whatever changed it (the menu, undo, a new record): its render says "Loading…" until then.
 */
import { useEffect } from 'react';
import { prepareFormat, useAppStore } from '../store/index.ts';

export function useFormatPrepare(): void {
  const formatId = useAppStore((state) => state.formatId);
  useEffect(() => {
    void prepareFormat(formatId);
  }, [formatId]);
}
