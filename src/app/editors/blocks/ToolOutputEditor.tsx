/** One tool output of a tool_outputs block: the output text, which call it answers (picked or typed), a name, an error flag. */
import { memo } from 'react';
import type { FieldPath, ToolOutput } from '../../../core/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { cloneToolOutput } from '../ops/clone.ts';
import { CallIdPicker } from './CallIdPicker.tsx';

/** `messages[2].content.blocks[1].outputs` → 2. */
function messageIndexOf(listPath: FieldPath): number {
  const index = listPath[1];
  return typeof index === 'number' ? index : -1;
}

interface Props {
  listPath: FieldPath;
  index: number;
  count: number;
  output: ToolOutput;
}

export const ToolOutputEditor = memo(function ToolOutputEditor({ listPath, index, count, output }: Props) {
  const path = [...listPath, index];
  const container = useContainerBinding(path);
  return (
    <div {...container} role="group" aria-label={fieldLabel(path)} className="rounded border border-emerald-200 bg-emerald-50/50 p-2 outline-none focus:ring-2 focus:ring-sky-500/40 dark:border-emerald-900/60 dark:bg-emerald-950/20">
      <div className="flex flex-wrap items-start gap-2">
        <span className={`${smallLabelClass} pt-1.5`}>output {index + 1}</span>
        <CallIdPicker path={[...path, 'callId']} messageIndex={messageIndexOf(listPath)} value={output.callId} idClassName="w-28" />
        <TextField path={[...path, 'name']} value={output.name} placeholder="tool name" optional mono className="min-w-24 flex-1" />
        <div className="pt-1">
          <CheckboxField path={[...path, 'isError']} checked={output.isError === true} caption="error" title="The tool reported an error" />
        </div>
        <ListItemActions listPath={listPath} index={index} count={count} clone={cloneToolOutput} />
      </div>
      <AnchorDiagnostics path={path} />
      <TextAreaField path={[...path, 'output']} value={output.output} placeholder="tool output" mono className="mt-1.5" />
    </div>
  );
});
