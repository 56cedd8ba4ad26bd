/**
 * The small buttons of a list item: move up, move down, duplicate, remove. Names are the verb
 * plus the item's label (`Move message 3 up`, `Remove message 3 block 2`).
 */
import type { FieldPath } from '../../../core/index.ts';
import { actionLabel } from '../labels.ts';
import { CloseIcon, CopyIcon, DownIcon, UpIcon } from './icons.tsx';
import { iconButtonClass } from './styles.ts';

interface Props {
  path: FieldPath;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  onDuplicate?: () => void;
  /** Verb of the remove button ("Delete" for messages, "Remove" for parts of one). */
  removeVerb?: string;
}

export function ItemActions({ path, index, count, onMove, onRemove, onDuplicate, removeVerb = 'Remove' }: Props) {
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      <button type="button" className={iconButtonClass} aria-label={actionLabel('Move', path, 'up')} title="Move up" disabled={index === 0} onClick={() => onMove(index - 1)}>
        <UpIcon />
      </button>
      <button type="button" className={iconButtonClass} aria-label={actionLabel('Move', path, 'down')} title="Move down" disabled={index >= count - 1} onClick={() => onMove(index + 1)}>
        <DownIcon />
      </button>
      {onDuplicate && (
        <button type="button" className={iconButtonClass} aria-label={actionLabel('Duplicate', path)} title="Duplicate" onClick={onDuplicate}>
          <CopyIcon />
        </button>
      )}
      <button
        type="button"
        className={`${iconButtonClass} hover:!bg-red-100 hover:!text-red-700 dark:hover:!bg-red-900/40 dark:hover:!text-red-300`}
        aria-label={actionLabel(removeVerb, path)}
        title={removeVerb}
        onClick={onRemove}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
