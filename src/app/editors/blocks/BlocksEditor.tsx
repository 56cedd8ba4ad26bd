/**
 * A structured assistant message: its blocks in order (thoughts, tool calls, tool outputs,
 * response, and unknown ones read-only) and buttons to add each kind at the end.
 */
import type { Block } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { insertAt } from '../actions/record-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { actionLabel } from '../labels.ts';
import { BLOCK_TITLES, NEW_BLOCK_TYPES, firstFieldOf, newBlock, type NewBlockType } from './block-meta.ts';
import { BlockCard } from './BlockCard.tsx';
import { useStablePath } from '../fields/useStablePath.ts';
import { useMessagesRoot } from '../messages/messages-root.ts';

interface Props {
  messageIndex: number;
  blocks: readonly Block[];
}

export function BlocksEditor({ messageIndex, blocks }: Props) {
  const root = useMessagesRoot();
  const listPath = useStablePath([...root, messageIndex, 'content', 'blocks']);
  const add = (type: NewBlockType) => {
    const block = newBlock(type);
    insertAt(listPath, blocks.length, block);
    useAppStore.getState().reveal(firstFieldOf(block, [...listPath, blocks.length]));
  };
  return (
    <div className="space-y-1.5">
      {blocks.length === 0 && <p className="text-xs text-slate-500 dark:text-slate-400">No blocks yet: add thoughts, tool calls, tool outputs or a response, in the order the model writes them.</p>}
      {blocks.map((block, index) => (
        <BlockCard key={block.id} listPath={listPath} index={index} count={blocks.length} block={block} />
      ))}
      <div className="flex flex-wrap items-center gap-1">
        {NEW_BLOCK_TYPES.map((type) => (
          <button key={type} type="button" className={buttonClass} aria-label={actionLabel(`Add ${BLOCK_TITLES[type].toLowerCase()} to`, [...root, messageIndex])} onClick={() => add(type)}>
            + {BLOCK_TITLES[type]}
          </button>
        ))}
      </div>
    </div>
  );
}
