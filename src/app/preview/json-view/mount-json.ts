/** Connects a mounted JSON view editor to the store (outside React, like mount.ts); undone when the editor is disposed. */
import type { editor } from 'monaco-editor/editor';
import { useAppStore } from '../../store/index.ts';
import { routeUndoToApp } from '../app-undo.ts';
import { setViewRevert, setViewStatus } from '../view-status.ts';
import { JsonViewController } from './json-controller.ts';

export function connectJsonView(editorInstance: editor.IStandaloneCodeEditor, codecId: string): JsonViewController | undefined {
  const model = editorInstance.getModel();
  if (!model) return undefined;
  routeUndoToApp(editorInstance);
  const controller = new JsonViewController(model, editorInstance, codecId);
  controller.sync(useAppStore.getState().record);
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (state.record !== previous.record) controller.sync(state.record);
  });
  setViewRevert('json', () => controller.revert());
  editorInstance.onDidDispose(() => {
    unsubscribe();
    setViewRevert('json', undefined);
    setViewStatus('json', { state: 'synced' });
    controller.dispose();
  });
  return controller;
}
