/**
 * The form editor of the current record, mounted by the app shell: for a chat, the tool
 * definitions and the message list; for a document, its files. It is its own scroll container
 * (give it a parent of definite height): the message list virtualizes against it.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { useAppStore } from '../store/index.ts';
import { DocumentEditor } from './documents/DocumentEditor.tsx';
import { MessageList } from './messages/MessageList.tsx';
import { useRevealRequests } from './navigation/useRevealRequests.ts';
import { ToolDefinitionsEditor } from './tools/ToolDefinitionsEditor.tsx';
import { ToolNamesDatalist } from './tools/ToolNamesDatalist.tsx';

/** A training record's branches: their own chunk (message cards included), loaded for such a record only. */
const BranchesEditor = lazy(() => import('./shapes/BranchesEditor.tsx'));

export function ConversationEditor() {
  const kind = useAppStore((state) => state.record.kind);
  const training = useAppStore((state) => state.record.kind === 'chat' && (state.record.branches !== undefined || state.record.label !== undefined));
  // A KTO record without branches (LLaMA-Factory's messages + label) is one conversation: no prompt apart.
  const promptTitle = useAppStore((state) => (state.record.kind === 'chat' && state.record.branches !== undefined ? 'Shared prompt' : 'Conversation'));
  // State, not a ref: the list's virtualizer mounts before a parent's ref is attached, and must
  // render again once its scroll container exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const getScrollElement = useCallback(() => scrollElement, [scrollElement]);
  useRevealRequests();
  return (
    <div ref={setScrollElement} className="h-full overflow-y-auto bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100" data-testid="conversation-editor">
      <div className="mx-auto max-w-4xl space-y-4 p-3">
        {kind === 'chat' ? (
          <>
            <ToolNamesDatalist />
            <ToolDefinitionsEditor />
            {training ? (
              <>
                <section aria-label={promptTitle} className="space-y-2">
                  <h2 className="text-sm font-semibold">{promptTitle}</h2>
                  <MessageList getScrollElement={getScrollElement} />
                </section>
                <Suspense fallback={<p role="status" className="text-sm">Loading the branches…</p>}>
                  <BranchesEditor />
                </Suspense>
              </>
            ) : (
              <MessageList getScrollElement={getScrollElement} />
            )}
          </>
        ) : (
          <DocumentEditor />
        )}
      </div>
    </div>
  );
}
