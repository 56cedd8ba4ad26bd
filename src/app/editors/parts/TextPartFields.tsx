/**
 * A text part: its text, and "Split into FIM segment at cursor", which turns the part into a
 * fill-in-the-middle segment around the caret or selection the text field last had (prefix =
 * before it, middle = the selection, suffix = after it), then focuses the middle.
 */
import { findFormat, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { splitTextPartIntoFim } from '../actions/part-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { actionLabel } from '../labels.ts';
import { findField } from '../navigation/field-registry.ts';

/** The selection of the registered text field at `path` (a blurred textarea keeps its selection). */
export function selectionOf(path: FieldPath): { start: number; end: number } | undefined {
  const found = findField(path);
  if (!found || found.path.length !== path.length || !(found.element instanceof HTMLTextAreaElement)) return undefined;
  return { start: found.element.selectionStart, end: found.element.selectionEnd };
}

export function TextPartFields({ path, text }: { path: FieldPath; text: string }) {
  // Offered while the format writes FIM segments (OpenChatML); elsewhere it would make parts the format drops.
  const fim = useAppStore((state) => findFormat(state.formatId)?.fillInTheMiddle === true);
  const textPath = [...path, 'text'];
  const split = () => {
    const selection = selectionOf(textPath) ?? { start: text.length, end: text.length };
    if (splitTextPartIntoFim(path, selection)) useAppStore.getState().reveal([...path, 'middle']);
  };
  return (
    <div className="space-y-1">
      <TextAreaField path={textPath} value={text} placeholder="text…" />
      {fim && (
        <button
          type="button"
          className={buttonClass}
          aria-label={actionLabel('Split', path, 'into FIM segment at cursor')}
          title="Make this part a fill-in-the-middle segment: the text before the cursor is the prefix, the selected text the middle (empty for a caret), the text after it the suffix"
          // Keep the text field's focus and selection until the click reads them.
          onMouseDown={(event) => event.preventDefault()}
          onClick={split}
        >
          Split into FIM segment at cursor
        </button>
      )}
    </div>
  );
}
