/** A multi-line text field bound to a model path (auto-growing), with inline diagnostics. */
import type { FieldPath } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { AutoTextarea } from './AutoTextarea.tsx';
import { FieldDiagnostics } from './FieldDiagnostics.tsx';
import { inputClass, monoClass } from './styles.ts';
import { useFieldBinding } from './useFieldBinding.ts';

interface Props {
  /** The field's identity: its accessible name, registry entry and diagnostics. */
  path: FieldPath;
  /** Where the text is stored, when not at `path` (plain content is stored at `content.text`). */
  valuePath?: FieldPath;
  value: string;
  placeholder?: string;
  mono?: boolean;
  className?: string;
  /** Writes the text itself instead of storing it at `valuePath ?? path` (a field that is part of a value: an Alpaca record's input). */
  onValueChange?: (value: string) => void;
}

export function TextAreaField({ path, valuePath, value, placeholder, mono = false, className = '', onValueChange }: Props) {
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  return (
    <div className={`min-w-0 ${className}`}>
      <AutoTextarea
        {...controlProps}
        value={value}
        placeholder={placeholder}
        onValueChange={(next) => (onValueChange ? onValueChange(next) : setField(valuePath ?? path, next))}
        className={`${inputClass} ${mono ? monoClass : 'leading-relaxed'}`}
      />
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
