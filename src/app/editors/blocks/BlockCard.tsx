/** One block of a structured assistant message: its header (type, kind, move/duplicate/remove) and its body. */
import { memo } from 'react';
import type { Block, FieldPath } from '../../../core/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { useStablePath } from '../fields/useStablePath.ts';
import { fieldLabel } from '../labels.ts';
import { cloneBlock } from '../ops/clone.ts';
import { BLOCK_ACCENTS, BLOCK_TITLES } from './block-meta.ts';
import { ThoughtKindSelect } from './ThoughtKindSelect.tsx';
import { ToolCallsList } from './ToolCallsList.tsx';
import { ToolOutputsList } from './ToolOutputsList.tsx';
import { UnknownBlockView } from './UnknownBlockView.tsx';

interface Props {
  listPath: FieldPath;
  index: number;
  count: number;
  block: Block;
}

export const BlockCard = memo(function BlockCard({ listPath, index, count, block }: Props) {
  const path = useStablePath([...listPath, index]);
  const callsPath = useStablePath([...path, 'calls']);
  const outputsPath = useStablePath([...path, 'outputs']);
  const container = useContainerBinding(path);
  const title = block.type === 'unknown' ? `Unknown block "${block.sourceType}"` : BLOCK_TITLES[block.type];
  return (
    <div
      {...container}
      role="group"
      aria-label={fieldLabel(path)}
      data-block-type={block.type}
      className={`rounded border border-l-4 border-slate-200 bg-slate-50/60 p-2 outline-none focus:ring-2 focus:ring-sky-500/40 dark:border-slate-700 dark:bg-slate-800/40 ${BLOCK_ACCENTS[block.type]}`}
    >
      <div className="mb-1 flex items-center gap-2">
        <span className="text-xs font-semibold text-slate-700 dark:text-slate-200">
          {index + 1}. {title}
        </span>
        {block.type === 'thoughts' && <ThoughtKindSelect path={[...path, 'kind']} kind={block.kind} />}
        <span className="flex-1" />
        <ListItemActions listPath={listPath} index={index} count={count} clone={block.type === 'unknown' ? undefined : cloneBlock} />
      </div>
      <AnchorDiagnostics path={path} />
      {(block.type === 'thoughts' || block.type === 'response') && (
        <TextAreaField path={[...path, 'text']} value={block.text} placeholder={block.type === 'thoughts' ? 'reasoning…' : 'response to the user…'} />
      )}
      {block.type === 'tool_calls' && <ToolCallsList listPath={callsPath} calls={block.calls} />}
      {block.type === 'tool_outputs' && <ToolOutputsList listPath={outputsPath} outputs={block.outputs} />}
      {block.type === 'unknown' && <UnknownBlockView block={block} />}
    </div>
  );
});
