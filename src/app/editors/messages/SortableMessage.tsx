/** A message card made sortable (dnd-kit): the card's handle starts a drag, the wrapper moves. */
import { memo, useMemo } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MessageCard, type DragHandle } from './MessageCard.tsx';

export const SortableMessage = memo(function SortableMessage({ id, index }: { id: string; index: number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const dragHandle = useMemo<DragHandle>(() => ({ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }), [setActivatorNodeRef, attributes, listeners]);
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-80 shadow-lg' : undefined}
    >
      <MessageCard index={index} dragHandle={dragHandle} />
    </div>
  );
});
