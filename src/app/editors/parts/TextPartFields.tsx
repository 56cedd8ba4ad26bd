/**
 * A text part: its text, and "Split into FIM segment at cursor", which turns the part into a
 * fill-in-the-middle segment around the caret or selection the text field last had (prefix =
 * before it, middle = the selection, suffix = after it), then focuses the middle.
 */
import type { FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { splitTextPartIntoFim } from '../actions/part-actions.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { selectionOf } from '../navigation/field-registry.ts';
import { FimSplitButton } from './FimSplitButton.tsx';

export function TextPartFields({ path, text }: { path: FieldPath; text: string }) {
  const textPath = [...path, 'text'];
  const split = () => {
    const selection = selectionOf(textPath) ?? { start: text.length, end: text.length };
    if (splitTextPartIntoFim(path, selection)) useAppStore.getState().reveal([...path, 'middle']);
  };
  return (
    <div className="space-y-1">
      <TextAreaField path={textPath} value={text} placeholder="text…" />
      <FimSplitButton labelPath={path} onSplit={split} />
    </div>
  );
}
