/**
 * App-wide keyboard shortcuts.
 *
 * Undo/redo is the app's everywhere, also inside text fields: every field edits the one record,
 * so one history across fields is predictable (Ctrl+Z after typing in field A then B undoes B,
 * then A), and the browser's per-field undo stack is wrong anyway once React rewrites a field's
 * value. Exceptions: dialogs (the Paste JSON text is not the record) keep the native undo.
 */
import { useEffect } from 'react';
import { openPicker } from '../files/picker.ts';
import { saveNow } from '../persistence/autosave.ts';
import { redo, undo } from '../store/index.ts';
import { usesNativeUndo } from './editable.ts';

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod || event.altKey) return;
      const key = event.key.toLowerCase();
      if ((key === 'z' || key === 'y') && usesNativeUndo(event.target)) return;
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey)) {
        event.preventDefault();
        redo();
      } else if (key === 'o' && !event.shiftKey) {
        event.preventDefault();
        openPicker();
      } else if (key === 's' && !event.shiftKey) {
        // Saving is automatic; Ctrl+S writes now instead of opening the browser's "Save page".
        event.preventDefault();
        void saveNow();
      }
    };
    // Capture phase: runs before a focused field (or Monaco) handles the key itself.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
