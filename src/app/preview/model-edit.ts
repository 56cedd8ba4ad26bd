/** Replace a model's text by the minimal edit (text-diff.ts), never `setValue`: cursor, selection and scroll survive. */
import type { editor } from 'monaco-editor/editor';
import { monaco } from './monaco-env.ts';
import { minimalEdit } from './text-diff.ts';

/** Returns whether the model changed. */
export function applyMinimalEdit(model: editor.ITextModel, before: string, after: string): boolean {
  const edit = minimalEdit(before, after);
  if (!edit) return false;
  const start = model.getPositionAt(edit.start);
  const end = model.getPositionAt(edit.end);
  model.applyEdits([{ range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: edit.text }]);
  return true;
}
