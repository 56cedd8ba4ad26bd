/**
 * JSON kept as the text the author wrote (tool call arguments): the text is stored as typed
 * (renders stay byte-exact), syntax errors come live from `validateRecord` with line and
 * column, and Pretty-print / Compact re-layout it on request (one undo step each).
 */
import type { FieldPath } from '../../../core/index.ts';
import { parseJson } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { actionLabel } from '../labels.ts';
import { compactJson, prettyJson } from '../ops/json-format.ts';
import { AutoTextarea } from './AutoTextarea.tsx';
import { FieldDiagnostics } from './FieldDiagnostics.tsx';
import { buttonClass, inputClass, monoClass, smallLabelClass } from './styles.ts';
import { useFieldBinding } from './useFieldBinding.ts';

interface Props {
  path: FieldPath;
  value: string;
  caption: string;
  placeholder?: string;
}

export function JsonTextField({ path, value, caption, placeholder }: Props) {
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  const valid = parseJson(value).ok;
  const relayout = (format: (text: string) => string) => {
    const next = format(value);
    if (next !== value) setField(path, next, true);
  };
  return (
    <div className="min-w-0">
      <div className="mb-0.5 flex items-center gap-2">
        <span className={smallLabelClass}>{caption}</span>
        <span className="flex-1" />
        <button type="button" className={buttonClass} disabled={!valid} aria-label={actionLabel('Pretty-print', path)} title="Indent with 2 spaces (keeps key order and numbers as written)" onClick={() => relayout(prettyJson)}>
          Pretty-print
        </button>
        <button type="button" className={buttonClass} disabled={!valid} aria-label={actionLabel('Compact', path)} title='One line with ", " and ": " separators' onClick={() => relayout(compactJson)}>
          Compact
        </button>
      </div>
      <AutoTextarea {...controlProps} value={value} placeholder={placeholder} onValueChange={(next) => setField(path, next)} className={`${inputClass} ${monoClass}`} />
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
