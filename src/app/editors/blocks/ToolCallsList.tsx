/** The calls of a tool_calls block or of a message's OpenAI-style tool calls, with "add tool call". */
import { toolCall, type FieldPath, type ToolCall } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { insertAt } from '../actions/record-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { actionLabel } from '../labels.ts';
import { ToolCallEditor } from './ToolCallEditor.tsx';

export function ToolCallsList({ listPath, calls }: { listPath: FieldPath; calls: readonly ToolCall[] }) {
  // The label of the owner: `Message 3 block 2` (listPath ends with 'calls' or 'toolCalls').
  const owner = listPath.slice(0, -1);
  const add = () => {
    insertAt(listPath, calls.length, toolCall('', ''));
    useAppStore.getState().reveal([...listPath, calls.length, 'name']);
  };
  return (
    <div className="space-y-1.5">
      {calls.map((call, index) => (
        <ToolCallEditor key={call.id} listPath={listPath} index={index} count={calls.length} call={call} />
      ))}
      <button type="button" className={buttonClass} aria-label={owner.length > 2 ? actionLabel('Add tool call to', owner) : actionLabel('Add OpenAI-style tool call to', owner)} onClick={add}>
        + Tool call
      </button>
    </div>
  );
}
