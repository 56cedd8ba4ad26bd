/** The review keys (navigation.ts), active while the dataset panel is shown, in text fields too (Alt+letter types nothing there). */
import { useEffect } from 'react';
import { datasetKeyAction } from './navigation.ts';

export function useDatasetShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = datasetKeyAction(event);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      // Held down, the key repeats: each press moves once, a later move wins (dataset-slice goto).
      action();
    };
    // Capture phase: before a focused field or Monaco handles the key.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
