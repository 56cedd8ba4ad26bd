/**
 * Ctrl+V of JSON while focus is not in a text field opens it (as the Paste JSON dialog would).
 * Pasting into a field is left alone, and text that does not look like JSON is ignored.
 */
import { useEffect } from 'react';
import { isTextField } from '../layout/editable.ts';
import { openPastedTextLater } from './lazy.ts';

export function usePasteToOpen(): void {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (isTextField(event.target) || isTextField(document.activeElement)) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      const start = text.trimStart()[0];
      if (start !== '{' && start !== '[') return;
      event.preventDefault();
      void openPastedTextLater(text);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);
}
