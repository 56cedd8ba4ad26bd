/** The outputs of a tool_outputs block, with "add tool output". */
import { toolOutput, type FieldPath, type ToolOutput } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { insertAt } from '../actions/record-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { actionLabel } from '../labels.ts';
import { ToolOutputEditor } from './ToolOutputEditor.tsx';

interface Props {
  listPath: FieldPath;
  outputs: readonly ToolOutput[];
}

export function ToolOutputsList({ listPath, outputs }: Props) {
  const owner = listPath.slice(0, -1);
  const add = () => {
    insertAt(listPath, outputs.length, toolOutput(''));
    useAppStore.getState().reveal([...listPath, outputs.length, 'output']);
  };
  return (
    <div className="space-y-1.5">
      {outputs.map((output, index) => (
        <ToolOutputEditor key={output.id} listPath={listPath} index={index} count={outputs.length} output={output} />
      ))}
      <button type="button" className={buttonClass} aria-label={actionLabel('Add tool output to', owner)} onClick={add}>
        + Tool output
      </button>
    </div>
  );
}
