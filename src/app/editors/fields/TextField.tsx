/** A single-line text field bound to a model path: one undo step per burst of typing, inline diagnostics. */
import type { FieldPath } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { FieldDiagnostics } from './FieldDiagnostics.tsx';
import { inputClass } from './styles.ts';
import { useFieldBinding } from './useFieldBinding.ts';

interface Props {
  path: FieldPath;
  value: string | undefined;
  placeholder?: string;
  /** Empty text removes the field (for optional fields such as a speaker name or a call id). */
  optional?: boolean;
  list?: string;
  className?: string;
  mono?: boolean;
  onChange?: (value: string) => void;
}

export function TextField({ path, value, placeholder, optional = false, list, className = '', mono = false, onChange }: Props) {
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  return (
    <div className={`min-w-0 ${className}`}>
      <input
        dir="auto"
        {...controlProps}
        type="text"
        value={value ?? ''}
        placeholder={placeholder}
        list={list}
        spellCheck={false}
        autoComplete="off"
        className={`${inputClass} ${mono ? 'font-mono' : ''}`}
        onChange={(event) => {
          const next = event.target.value;
          if (onChange) onChange(next);
          else setField(path, optional && next === '' ? undefined : next);
        }}
      />
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
