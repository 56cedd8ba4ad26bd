/**
 * The messages of a chat, in order: drag and drop (dnd-kit, pointer and keyboard), and, for long
 * conversations, virtualization (@tanstack/react-virtual with measured row heights) so that a
 * 2,000-message conversation mounts only the rows in view. Reveal requests for a message that
 * is not mounted scroll it into the rendered range first (see navigation/reveal.ts).
 *
 * Loaded lazily by MessageList.tsx (this module and what only it imports are their own chunk).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useAppStore } from '../../store/index.ts';
import { moveMessage } from '../actions/message-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { registerRevealPreparer } from '../navigation/reveal.ts';
import { AddMessageBar } from './AddMessageBar.tsx';
import { VIRTUALIZE_FROM } from './list-limits.ts';
import { SortableMessage } from './SortableMessage.tsx';


/** Height guess for a row not yet measured (a short message card plus its gap). */
const ESTIMATED_ROW_PX = 150;

const NO_IDS: readonly string[] = [];

const DND_MEASURING = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

const SCREEN_READER_INSTRUCTIONS = {
  draggable: 'To move this message, press Space or Enter, then the arrow keys, then Space or Enter again to drop it, or Escape to cancel. Alt+ArrowUp and Alt+ArrowDown move the focused message directly.',
};

/** Drag announcements in words (dnd-kit's defaults read out internal ids). */
function announcements(ids: readonly string[]): Announcements {
  const name = (id: string | number | undefined) => `message ${ids.indexOf(String(id)) + 1}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${capitalise(name(active.id))} is over ${name(over.id)}.` : `${capitalise(name(active.id))} is no longer over a message.`),
    onDragEnd: ({ active, over }) => (over ? `${capitalise(name(active.id))} was dropped at the place of ${name(over.id)}.` : `${capitalise(name(active.id))} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface MessageListProps {
  /** The scrolling ancestor (the conversation editor's pane). */
  getScrollElement: () => HTMLElement | null;
}

export function SortableMessageList({ getScrollElement }: MessageListProps) {
  const ids = useAppStore(useShallow((state) => (state.record.kind === 'chat' ? state.record.messages.map((m) => m.id) : NO_IDS)));
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const onDragStart = useCallback((event: DragStartEvent) => setActiveIndex(ids.indexOf(String(event.active.id))), [ids]);
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      setActiveIndex(null);
      if (!over || active.id === over.id) return;
      const from = ids.indexOf(String(active.id));
      const to = ids.indexOf(String(over.id));
      if (moveMessage(from, to)) useAppStore.getState().reveal(['messages', to]);
    },
    [ids],
  );

  return (
    <section aria-label="Messages" className="space-y-2">
      <AnchorDiagnostics path={['messages']} />
      {ids.length === 0 && <p className="rounded border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">No messages yet.</p>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        measuring={DND_MEASURING}
        accessibility={{ announcements: announcements(ids), screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
        onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActiveIndex(null)}>
        <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
          {ids.length >= VIRTUALIZE_FROM ? <VirtualRows ids={ids} activeIndex={activeIndex} getScrollElement={getScrollElement} /> : <PlainRows ids={ids} />}
        </SortableContext>
      </DndContext>
      <AddMessageBar />
    </section>
  );
}

function PlainRows({ ids }: { ids: readonly string[] }) {
  return (
    <div className="space-y-2">
      {ids.map((id, index) => (
        <SortableMessage key={id} id={id} index={index} />
      ))}
    </div>
  );
}

function VirtualRows({ ids, activeIndex, getScrollElement }: { ids: readonly string[]; activeIndex: number | null; getScrollElement: () => HTMLElement | null }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // The list starts below the tool definitions: its offset in the scroll container is the virtualizer's scroll margin.
  useLayoutEffect(() => {
    const list = listRef.current;
    const scroller = getScrollElement();
    if (!list || !scroller) return undefined;
    const update = () => {
      const margin = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      setScrollMargin((previous) => (Math.abs(previous - margin) < 1 ? previous : margin));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    const content = scroller.firstElementChild;
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [getScrollElement]);

  // The row being dragged stays mounted even when auto-scroll carries it out of view.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex !== null && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex],
  );

  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => ids[index] ?? index,
    overscan: 4,
    scrollMargin,
    rangeExtractor,
  });

  useEffect(
    () =>
      registerRevealPreparer('messages', (path) => {
        const index = path[1];
        if (typeof index !== 'number' || index < 0 || index >= ids.length) return;
        const mounted = virtualizer.getVirtualItems().some((item) => item.index === index);
        if (!mounted) virtualizer.scrollToIndex(index, { align: 'start' });
      }),
    [virtualizer, ids.length],
  );

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {items.map((item) => {
        const id = ids[item.index];
        if (id === undefined) return null;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute left-0 top-0 w-full pb-2"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <SortableMessage id={id} index={item.index} />
          </div>
        );
      })}
    </div>
  );
}
