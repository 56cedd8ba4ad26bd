/** One tool definition: name, description, and parameters as a JSON Schema (checked: an object with type "object"), summarised until edited (ToolParameters.tsx). */
import { memo } from 'react';
import type { FieldPath, ToolDefinition } from '../../../core/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { cardClass, smallLabelClass } from '../fields/styles.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { cloneToolDefinition } from '../ops/clone.ts';
import { ToolParameters } from './ToolParameters.tsx';

const TOOLS_PATH: FieldPath = ['tools'];

export const ToolDefinitionEditor = memo(function ToolDefinitionEditor({ index, count, tool }: { index: number; count: number; tool: ToolDefinition }) {
  const path = ['tools', index] as const;
  const container = useContainerBinding(path);
  return (
    <article {...container} aria-label={fieldLabel(path)} className={`${cardClass} border-l-4 border-l-violet-500 p-2 outline-none focus:ring-2 focus:ring-sky-500/40`}>
      <div className="flex items-start gap-2">
        <span className={`${smallLabelClass} mt-1.5 w-7 text-right tabular-nums`} aria-hidden="true">
          {index + 1}
        </span>
        <TextField path={[...path, 'name']} value={tool.name} placeholder="tool_name" mono className="w-56" />
        {tool.type !== undefined && (
          <span className="mt-1 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300" title="A provider's built-in tool (not a function): kept as read and written back on export.">
            built-in: {tool.type}
          </span>
        )}
        <span className="flex-1" />
        <ListItemActions listPath={TOOLS_PATH} index={index} count={count} clone={cloneToolDefinition} />
      </div>
      <AnchorDiagnostics path={path} />
      <div className="mt-1.5 space-y-1.5 pl-9">
        <TextAreaField path={[...path, 'description']} value={tool.description ?? ''} placeholder="What the tool does (shown to the model)" />
        <ToolParameters path={[...path, 'parameters']} value={tool.parameters} name={tool.name} />
      </div>
    </article>
  );
});
