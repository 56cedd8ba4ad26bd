/**
 * The tools a conversation may call (rendered by formats into the system/developer prompt):
 * add, edit, reorder, remove. Collapsible; it opens itself when a tool field is revealed.
 */
import { useEffect, useState } from 'react';
import { toolDefinition } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { insertAt } from '../actions/record-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { buttonClass } from '../fields/styles.ts';
import { registerRevealPreparer } from '../navigation/reveal.ts';
import { ToolDefinitionEditor } from './ToolDefinitionEditor.tsx';

const NO_TOOLS: readonly never[] = [];

export function ToolDefinitionsEditor() {
  const tools = useAppStore((state) => (state.record.kind === 'chat' ? state.record.tools : NO_TOOLS));
  const [open, setOpen] = useState(true);
  useEffect(() => registerRevealPreparer('tools', () => setOpen(true)), []);

  const add = () => {
    insertAt(['tools'], tools.length, toolDefinition('', '', { type: 'object', properties: {}, required: [] }));
    setOpen(true);
    useAppStore.getState().reveal(['tools', tools.length, 'name']);
  };

  return (
    <section aria-label="Tool definitions" className="space-y-2">
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="parley-tool-definitions"
          className="text-sm font-semibold text-slate-700 hover:text-slate-950 dark:text-slate-200 dark:hover:text-white"
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true" className="inline-block w-4">
            {open ? '▾' : '▸'}
          </span>
          Tools ({tools.length})
        </button>
        <span className="flex-1" />
        <button type="button" className={buttonClass} aria-label="Add tool definition" onClick={add}>
          + Tool
        </button>
      </div>
      <AnchorDiagnostics path={['tools']} />
      {open && (
        <div id="parley-tool-definitions" className="space-y-2">
          {tools.length === 0 && <p className="text-xs text-slate-500 dark:text-slate-400">No tools defined. Tool calls are checked against the tools defined here.</p>}
          {tools.map((tool, index) => (
            <ToolDefinitionEditor key={tool.id} index={index} count={tools.length} tool={tool} />
          ))}
        </div>
      )}
    </section>
  );
}
