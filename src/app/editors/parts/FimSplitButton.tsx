/**
 * "Split into FIM segment at cursor", under a text part and under a message's plain text. Shown
 * only while the format writes FIM segments (OpenChatML): elsewhere it would make parts the
 * format drops. `onSplit` reads the text field's selection and applies the split.
 */
import { findFormat, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { buttonClass } from '../fields/styles.ts';
import { actionLabel } from '../labels.ts';

export function FimSplitButton({ labelPath, onSplit }: { labelPath: FieldPath; onSplit: () => void }) {
  const fim = useAppStore((state) => findFormat(state.formatId)?.fillInTheMiddle === true);
  if (!fim) return null;
  return (
    <button
      type="button"
      className={buttonClass}
      aria-label={actionLabel('Split', labelPath, 'into FIM segment at cursor')}
      title="Make this text a fill-in-the-middle segment: the text before the cursor is the prefix, the selected text the middle (empty for a caret), the text after it the suffix"
      // Keep the text field's focus and selection until the click reads them.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onSplit}
    >
      Split into FIM segment at cursor
    </button>
  );
}
