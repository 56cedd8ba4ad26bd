/** One tool output of a tool_outputs block: the output text, which call it answers, a name, an error flag. */
import { memo } from 'react';
import type { FieldPath, ToolOutput } from '../../../core/index.ts';
import { duplicateAt, moveAt, removeAt } from '../actions/record-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { ItemActions } from '../fields/ItemActions.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { cloneToolOutput } from '../ops/clone.ts';

interface Props {
  listPath: FieldPath;
  index: number;
  count: number;
  output: ToolOutput;
  /** id of a <datalist> of the call ids this output may answer. */
  callIdsListId: string;
}

export const ToolOutputEditor = memo(function ToolOutputEditor({ listPath, index, count, output, callIdsListId }: Props) {
  const path = [...listPath, index];
  const container = useContainerBinding(path);
  return (
    <div {...container} role="group" aria-label={fieldLabel(path)} className="rounded border border-emerald-200 bg-emerald-50/50 p-2 outline-none focus:ring-2 focus:ring-sky-500/40 dark:border-emerald-900/60 dark:bg-emerald-950/20">
      <div className="flex items-start gap-2">
        <span className={`${smallLabelClass} pt-1.5`}>output {index + 1}</span>
        <TextField path={[...path, 'callId']} value={output.callId} placeholder="answers call id" optional mono list={callIdsListId} className="w-48" />
        <TextField path={[...path, 'name']} value={output.name} placeholder="tool name" optional mono className="flex-1" />
        <div className="pt-1">
          <CheckboxField path={[...path, 'isError']} checked={output.isError === true} caption="error" title="The tool reported an error" />
        </div>
        <ItemActions
          path={path}
          index={index}
          count={count}
          onMove={(to) => moveAt(listPath, index, to)}
          onDuplicate={() => duplicateAt(listPath, index, cloneToolOutput)}
          onRemove={() => removeAt(listPath, index)}
        />
      </div>
      <AnchorDiagnostics path={path} />
      <TextAreaField path={[...path, 'output']} value={output.output} placeholder="tool output" mono className="mt-1.5" />
    </div>
  );
});
