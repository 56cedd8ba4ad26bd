/**
 * Undo and redo in an editable view are the app's (one history for the whole conversation, see
 * layout/useShortcuts.ts, which handles the keys in the capture phase). Monaco would also undo
 * its own model on the same key press: its keybindings are replaced by commands that do nothing.
 */
import type { editor } from 'monaco-editor/editor';
import { monaco } from './monaco-env.ts';

export function routeUndoToApp(editorInstance: editor.IStandaloneCodeEditor): void {
  const { KeyMod, KeyCode } = monaco;
  const nothing = () => {};
  editorInstance.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, nothing);
  editorInstance.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, nothing);
  editorInstance.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, nothing);
}
