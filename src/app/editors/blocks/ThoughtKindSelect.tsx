/**
 * The kind of a thought block: none (Apertus has one kind of thoughts) or one of OpenChatML's
 * reflect / introspect / reason.
 */
import type { FieldPath, ThoughtKind } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { selectClass } from '../fields/styles.ts';
import { useFieldBinding } from '../fields/useFieldBinding.ts';

const KINDS: readonly { value: ThoughtKind | ''; label: string }[] = [
  { value: '', label: 'thoughts' },
  { value: 'reflect', label: 'reflect' },
  { value: 'introspect', label: 'introspect' },
  { value: 'reason', label: 'reason' },
];

export function ThoughtKindSelect({ path, kind }: { path: FieldPath; kind: ThoughtKind | undefined }) {
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path);
  return (
    <div>
      <select
        {...controlProps}
        value={kind ?? ''}
        title="Kind of thought: plain thoughts (Apertus) or OpenChatML's reflect / introspect / reason"
        className={`${selectClass} py-0 text-xs`}
        onChange={(event) => setField(path, event.target.value === '' ? undefined : event.target.value, true)}
      >
        {KINDS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
