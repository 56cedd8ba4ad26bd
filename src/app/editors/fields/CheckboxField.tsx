/** A boolean model field (error flags, the system mapping form); unchecked removes the field. */
import type { FieldPath } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { FieldDiagnostics } from './FieldDiagnostics.tsx';
import { useFieldBinding } from './useFieldBinding.ts';

interface Props {
  path: FieldPath;
  checked: boolean;
  caption: string;
  title?: string;
}

export function CheckboxField({ path, checked, caption, title }: Props) {
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  return (
    <div>
      <label className="inline-flex cursor-pointer items-center gap-1 text-xs text-slate-600 dark:text-slate-300" title={title}>
        <input
          {...controlProps}
          type="checkbox"
          checked={checked}
          className="h-3.5 w-3.5 accent-sky-600"
          onChange={(event) => setField(path, event.target.checked ? true : undefined, true)}
        />
        {caption}
      </label>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
