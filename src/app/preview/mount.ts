/**
 * Connects a mounted preview editor to the app: one controller, fed by a store subscription
 * (outside React, so a keystroke updates Monaco without re-rendering any component), and the
 * `markPreviewReady` hand-off for the test API and the UI benchmark. Undone when the editor is
 * disposed.
 */
import type { editor } from 'monaco-editor/editor';
import { markPreviewReady } from '../preview-ready.ts';
import { useAppStore } from '../store/index.ts';
import { PreviewController } from './controller.ts';
import { previewInputs } from './inputs.ts';

export function connectPreview(editorInstance: editor.IStandaloneCodeEditor): void {
  const model = editorInstance.getModel();
  if (!model) return;
  const controller = new PreviewController({ editor: editorInstance, model, reveal: (path) => useAppStore.getState().reveal(path) });
  controller.sync(previewInputs(useAppStore.getState()));
  const unsubscribe = useAppStore.subscribe((state) => controller.sync(previewInputs(state)));
  markPreviewReady(
    () => controller.renderedText(),
    (listener) => controller.onDidUpdate(listener),
  );
  editorInstance.onDidDispose(() => {
    unsubscribe();
    controller.dispose();
  });
}
