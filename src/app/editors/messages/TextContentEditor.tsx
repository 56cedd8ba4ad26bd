/**
 * Plain text content: one auto-growing field. A system message can also keep Apertus' mapping
 * form (`{"text": …}`), which renders the same but exports as the source wrote it.
 */
import { findFormat, type Role } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { splitTextContentIntoFim } from '../actions/part-actions.ts';
import { setField } from '../actions/record-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { actionLabel } from '../labels.ts';
import { selectionOf } from '../parts/TextPartFields.tsx';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { useFieldBinding } from '../fields/useFieldBinding.ts';

interface Props {
  index: number;
  role: Role;
  text: string;
  mapping: boolean;
}

const PLACEHOLDERS: Record<string, string> = {
  system: 'system prompt…',
  developer: 'developer instructions…',
  user: 'what the user says…',
  assistant: 'what the assistant says…',
  tool: 'tool result…',
};

export function TextContentEditor({ index, role, text, mapping }: Props) {
  const contentPath = ['messages', index, 'content'] as const;
  return (
    <div>
      <TextAreaField path={contentPath} valuePath={[...contentPath, 'text']} value={text} placeholder={PLACEHOLDERS[role] ?? 'content…'} mono={role === 'tool'} />
      {(role === 'system' || mapping) && <MappingToggle index={index} mapping={mapping} />}
      <FimSplitButton index={index} text={text} />
    </div>
  );
}

/**
 * "Split into FIM segment at cursor" for plain text, shown while the format writes FIM segments
 * (OpenChatML): the content becomes parts holding the segment (see splitTextContentIntoFim).
 */
function FimSplitButton({ index, text }: { index: number; text: string }) {
  const fim = useAppStore((state) => findFormat(state.formatId)?.fillInTheMiddle === true);
  if (!fim) return null;
  const contentPath = ['messages', index, 'content'];
  const split = () => {
    const selection = selectionOf([...contentPath, 'text']) ?? selectionOf(contentPath) ?? { start: text.length, end: text.length };
    if (splitTextContentIntoFim(contentPath, selection)) useAppStore.getState().reveal([...contentPath, 'parts', 0, 'middle']);
  };
  return (
    <button
      type="button"
      className={`${buttonClass} mt-1`}
      aria-label={actionLabel('Split', contentPath, 'into FIM segment at cursor')}
      title="Make this text a fill-in-the-middle segment: the text before the cursor is the prefix, the selected text the middle (empty for a caret), the text after it the suffix"
      // Keep the text field's focus and selection until the click reads them.
      onMouseDown={(event) => event.preventDefault()}
      onClick={split}
    >
      Split into FIM segment at cursor
    </button>
  );
}

function MappingToggle({ index, mapping }: { index: number; mapping: boolean }) {
  const path = ['messages', index, 'content', 'mapping'] as const;
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  return (
    <div className="mt-1">
      <label className="inline-flex cursor-pointer items-center gap-1 text-xs text-slate-600 dark:text-slate-300" title='Export this content as {"text": …} (Apertus mapping form) instead of a string; the render is the same.'>
        <input
          {...controlProps}
          type="checkbox"
          checked={mapping}
          className="h-3.5 w-3.5 accent-sky-600"
          onChange={(event) => setField(path, event.target.checked ? true : undefined, true)}
        />
        mapping form {'{"text": …}'}
      </label>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
