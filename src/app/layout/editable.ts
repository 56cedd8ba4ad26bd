/** Whether keyboard input at `target` belongs to a text field (so app shortcuts like paste-to-open leave it alone). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  // Monaco takes its input through an EditContext on a plain div where the browser has one
  // (Chromium): not a textarea, not contenteditable, but a text field all the same.
  if (target.closest('.monaco-editor') !== null) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset', 'image'].includes(target.type);
  return false;
}

/** Inside a dialog or a field marked `data-native-undo`: the browser's own undo applies there (it is not the record). */
export function usesNativeUndo(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('dialog[open], [data-native-undo]') !== null;
}
