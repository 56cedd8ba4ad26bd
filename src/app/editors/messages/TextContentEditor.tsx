/**
 * Plain text content: one auto-growing field. A system message can also keep Apertus' mapping
 * form (`{"text": …}`), which renders the same but exports as the source wrote it.
 */
import type { Role } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { splitTextContentIntoFim } from '../actions/part-actions.ts';
import { setField } from '../actions/record-actions.ts';
import { selectionOf } from '../navigation/field-registry.ts';
import { FimSplitButton } from '../parts/FimSplitButton.tsx';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { useFieldBinding } from '../fields/useFieldBinding.ts';
import { useMessagesRoot } from './messages-root.ts';

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
  const contentPath = [...useMessagesRoot(), index, 'content'];
  return (
    <div>
      <TextAreaField path={contentPath} valuePath={[...contentPath, 'text']} value={text} placeholder={PLACEHOLDERS[role] ?? 'content…'} mono={role === 'tool'} />
      {(role === 'system' || mapping) && <MappingToggle index={index} mapping={mapping} />}
      <SplitIntoFim index={index} text={text} />
    </div>
  );
}

function SplitIntoFim({ index, text }: { index: number; text: string }) {
  const contentPath = [...useMessagesRoot(), index, 'content'];
  // The plain-text field registers at the content's path (its value lives at content.text).
  const split = () => {
    const selection = selectionOf(contentPath) ?? { start: text.length, end: text.length };
    if (splitTextContentIntoFim(contentPath, selection)) useAppStore.getState().reveal([...contentPath, 'parts', 0, 'middle']);
  };
  return (
    <div className="mt-1">
      <FimSplitButton labelPath={contentPath} onSplit={split} />
    </div>
  );
}

function MappingToggle({ index, mapping }: { index: number; mapping: boolean }) {
  const path = [...useMessagesRoot(), index, 'content', 'mapping'];
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
