/**
 * Connects a mounted Text view editor to the app: one controller, fed by a store subscription
 * (outside React, so a keystroke updates Monaco without re-rendering any component), reading
 * typed token text back with the current format, and the `markPreviewReady` hand-off for the
 * test API and the UI benchmark. Undone when the editor is disposed. Preview.tsx says whether
 * the Text view's tab is shown (`setTextViewShown`): hidden, the controller leaves Monaco alone.
 */
import type { editor } from 'monaco-editor/editor';
import { markPreviewReady } from '../preview-ready.ts';
import { useAppStore } from '../store/index.ts';
import { commitTextReadBack } from '../views/commit.ts';
import { readTypedTokenText, tokenTextBase } from '../views/token-text.ts';
import { routeUndoToApp } from './app-undo.ts';
import { PreviewController } from './controller.ts';
import { previewInputs } from './inputs.ts';
import { setViewRevert, setViewStatus } from './view-status.ts';

/** Whether the Text view's panel is shown, as Preview.tsx last said (the editor may mount after it did). */
let textViewShown = true;
let connected: PreviewController | undefined;

/** Preview.tsx: the Text view's tab was shown or hidden. */
export function setTextViewShown(shown: boolean): void {
  textViewShown = shown;
  connected?.setShown(shown);
}

export function connectPreview(editorInstance: editor.IStandaloneCodeEditor): void {
  const model = editorInstance.getModel();
  if (!model) return;
  routeUndoToApp(editorInstance);
  const controller = new PreviewController({
    editor: editorInstance,
    model,
    reveal: (path) => useAppStore.getState().reveal(path),
    read: (text) => {
      const { formatId, formatOptions } = useAppStore.getState();
      return readTypedTokenText(text, formatId, formatOptions[formatId]);
    },
    commit: (record) => {
      commitTextReadBack(record, tokenTextBase(useAppStore.getState()));
    },
    onStatus: (status) => setViewStatus('text', status),
  });
  controller.setShown(textViewShown);
  connected = controller;
  controller.sync(previewInputs(useAppStore.getState()));
  const unsubscribe = useAppStore.subscribe((state) => controller.sync(previewInputs(state)));
  setViewRevert('text', () => controller.revert());
  markPreviewReady(
    () => controller.renderedText(),
    (listener) => controller.onDidUpdate(listener),
    () => model.getVersionId(),
  );
  editorInstance.onDidDispose(() => {
    unsubscribe();
    setViewRevert('text', undefined);
    if (connected === controller) connected = undefined;
    controller.dispose();
  });
}
