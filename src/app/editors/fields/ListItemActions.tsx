/**
 * The small buttons of a list card, wired to the list: move up, move down, duplicate (when the
 * item can be copied), remove. Every list card (messages, tools, files, parts, blocks, tool
 * calls, tool outputs) uses this one component, so the wiring is written once. Names are the
 * verb plus the item's label (`Move message 3 up`, `Remove message 3 block 2`): e2e tests and
 * the UI benchmark find the buttons by them.
 */
import type { FieldPath } from '../../../core/index.ts';
import { duplicateAt, moveAt, removeAt } from '../actions/record-actions.ts';
import { actionLabel } from '../labels.ts';
import { CloseIcon, CopyIcon, DownIcon, UpIcon } from './icons.tsx';
import { iconButtonClass } from './styles.ts';

interface Props<T> {
  /** The list the item is in (`['messages']`, `['messages', 2, 'content', 'parts']`). */
  listPath: FieldPath;
  index: number;
  count: number;
  /** Makes the copy that Duplicate inserts after the item (fresh ids); no Duplicate button without it. */
  clone?: (item: T) => T;
  /** Verb of the remove button ("Delete" for messages, "Remove" for parts of one). */
  removeVerb?: string;
  /** Called after the item moved to `to` (messages scroll to their new place). */
  onMoved?: (to: number) => void;
}

export function ListItemActions<T>({ listPath, index, count, clone, removeVerb = 'Remove', onMoved }: Props<T>) {
  const path = [...listPath, index];
  const move = (to: number) => {
    // The buttons are disabled at the ends; a stale click (the list changed meanwhile) does nothing.
    if (to < 0 || to >= count) return;
    moveAt(listPath, index, to);
    onMoved?.(to);
  };
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      <button type="button" className={iconButtonClass} aria-label={actionLabel('Move', path, 'up')} title="Move up" disabled={index === 0} onClick={() => move(index - 1)}>
        <UpIcon />
      </button>
      <button type="button" className={iconButtonClass} aria-label={actionLabel('Move', path, 'down')} title="Move down" disabled={index >= count - 1} onClick={() => move(index + 1)}>
        <DownIcon />
      </button>
      {clone && (
        <button type="button" className={iconButtonClass} aria-label={actionLabel('Duplicate', path)} title="Duplicate" onClick={() => duplicateAt(listPath, index, clone)}>
          <CopyIcon />
        </button>
      )}
      <button
        type="button"
        className={`${iconButtonClass} hover:!bg-red-100 hover:!text-red-700 dark:hover:!bg-red-900/40 dark:hover:!text-red-300`}
        aria-label={actionLabel(removeVerb, path)}
        title={removeVerb}
        onClick={() => removeAt(listPath, index)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
