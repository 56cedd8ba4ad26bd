/**
 * The message list, as the conversation editor mounts it. The list itself (SortableMessageList:
 * dnd-kit, the virtualizer and the message editors) is a separate chunk, so that the JavaScript
 * the page needs before Monaco stays small (BENCHMARKS.md, "JavaScript before Monaco"). Its
 * download starts right after the entry chunk is evaluated, next to Monaco's;
 * it is much smaller than Monaco, so it is in place before the preview is.
 */
import { useEffect, useState } from 'react';
import type { MessageListProps, SortableMessageList as SortableMessageListType } from './SortableMessageList.tsx';

export { VIRTUALIZE_FROM } from './list-limits.ts';

type ListComponent = typeof SortableMessageListType;

let loaded: ListComponent | null = null;
let loading: Promise<ListComponent> | null = null;

/** Loads the list chunk once; later calls share the same promise. Tests await it before mounting. */
export function loadMessageList(): Promise<ListComponent> {
  loading ??= import('./SortableMessageList.tsx').then((module) => (loaded = module.SortableMessageList));
  return loading;
}

// Start the download with the entry chunk instead of at the first render (see the header), one
// microtask later: after main.tsx has asked for the preview, so Monaco's request goes out first.
// A failure is reported by the component below, which retries on its next mount.
queueMicrotask(() => {
  void loadMessageList().catch(() => {
    loading = null;
  });
});

export function MessageList(props: MessageListProps) {
  const [List, setList] = useState<ListComponent | null>(() => loaded);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (List) return undefined;
    let live = true;
    loadMessageList().then(
      (component) => live && setList(() => component),
      (error: unknown) => {
        loading = null;
        if (live) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [List]);
  if (List) return <List {...props} />;
  return (
    <p role="status" className="rounded border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
      {failure ? `The message editor could not be loaded (${failure}). Reload the page to try again; your conversation is saved.` : 'Loading the messages…'}
    </p>
  );
}
