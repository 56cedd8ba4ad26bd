/**
 * One tool call (in a tool_calls block, or a message's OpenAI-style `toolCalls`): tool name
 * (suggesting the defined tools), optional call id, and the arguments as JSON text with live
 * syntax errors and checks against the tool's parameter schema (from validateRecord).
 */
import { memo } from 'react';
import type { FieldPath, ToolCall } from '../../../core/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { JsonTextField } from '../fields/JsonTextField.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { cloneToolCall } from '../ops/clone.ts';
import { TOOL_NAMES_LIST_ID } from '../tools/ToolNamesDatalist.tsx';

interface Props {
  listPath: FieldPath;
  index: number;
  count: number;
  call: ToolCall;
}

export const ToolCallEditor = memo(function ToolCallEditor({ listPath, index, count, call }: Props) {
  const path = [...listPath, index];
  const container = useContainerBinding(path);
  return (
    <div {...container} role="group" aria-label={fieldLabel(path)} className="rounded border border-violet-200 bg-violet-50/50 p-2 outline-none focus:ring-2 focus:ring-sky-500/40 dark:border-violet-900/60 dark:bg-violet-950/20">
      <div className="flex items-start gap-2">
        <span className={`${smallLabelClass} pt-1.5`}>call {index + 1}</span>
        <TextField path={[...path, 'name']} value={call.name} placeholder="tool name" list={TOOL_NAMES_LIST_ID} mono className="flex-1" />
        <TextField path={[...path, 'callId']} value={call.callId} placeholder="call id" optional mono className="w-40" />
        <ListItemActions listPath={listPath} index={index} count={count} clone={cloneToolCall} />
      </div>
      <AnchorDiagnostics path={path} />
      <div className="mt-1.5">
        <JsonTextField path={[...path, 'arguments']} value={call.arguments} caption="arguments" placeholder='{"key": "value"}' />
      </div>
    </div>
  );
});
