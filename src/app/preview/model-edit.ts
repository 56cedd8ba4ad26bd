/**
 * Replace a model's text by the minimal edit (text-diff.ts): cursor, selection and scroll survive.
 * Only an edit that inserts a whole big text (a 20 MB record opened) replaces the model's text,
 * keeping the editor's view state.
 */
import type { editor } from 'monaco-editor/editor';
import { monaco } from './monaco-env.ts';
import { minimalEdit } from './text-diff.ts';

/**
 * An edit that inserts more than this many characters sets the whole text instead. Monaco's edit
 * path walks the inserted text several times (its line breaks, the change event, the undo stack):
 * on the 2-core development machine 0.8-1.2 s for a 20 MB record, against 0.06-0.2 s for
 * `setValue`. Below it, a minimal edit costs little; a keystroke never comes near it.
 */
export const SET_WHOLE_TEXT_ABOVE_CHARS = 1_000_000;

/** Returns whether the model changed. `viewOf` is the editor whose view state a whole-text replacement keeps. */
export function applyMinimalEdit(model: editor.ITextModel, before: string, after: string, viewOf?: editor.ICodeEditor): boolean {
  const edit = minimalEdit(before, after);
  if (!edit) return false;
  if (edit.text.length > SET_WHOLE_TEXT_ABOVE_CHARS) {
    const view = viewOf?.saveViewState();
    model.setValue(after);
    if (view) viewOf?.restoreViewState(view);
    return true;
  }
  const start = model.getPositionAt(edit.start);
  const end = model.getPositionAt(edit.end);
  model.applyEdits([{ range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: edit.text }]);
  return true;
}
