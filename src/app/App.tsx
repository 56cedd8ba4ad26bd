/**
 * The page: toolbar, the conversation editor and the preview side by side, diagnostics below.
 * The preview (Monaco, several MB) is a lazy chunk: the editor is usable before it arrives.
 */
import { lazy, Suspense, useEffect } from 'react';
import { ConversationEditor } from './editors/ConversationEditor.tsx';
import { useFileDrop } from './files/useFileDrop.ts';
import { usePasteToOpen } from './files/usePasteToOpen.ts';
import { DropOverlay } from './layout/DropOverlay.tsx';
import { PreviewPlaceholder } from './layout/PreviewPlaceholder.tsx';
import { SplitPane } from './layout/SplitPane.tsx';
import { useShortcuts } from './layout/useShortcuts.ts';
import { DiagnosticsPanel } from './panels/DiagnosticsPanel.tsx';
import { NoticeBar } from './panels/NoticeBar.tsx';
import { Toolbar } from './panels/Toolbar.tsx';
import { EDITOR_READY_MARK } from './test-api.ts';

/** The preview chunk (Monaco). main.tsx starts this download before start-up's awaits; lazy() reuses it. */
export const loadPreview = () => import('./preview/Preview.tsx');
const Preview = lazy(loadPreview);

export function App() {
  useShortcuts();
  usePasteToOpen();
  const dragging = useFileDrop();
  useEffect(() => {
    if (performance.getEntriesByName(EDITOR_READY_MARK).length === 0) performance.mark(EDITOR_READY_MARK);
  }, []);
  return (
    <div className="flex h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header>
        <Toolbar />
        <NoticeBar />
      </header>
      <main className="flex min-h-0 flex-1 flex-col">
        <SplitPane
          leftLabel="Conversation"
          rightLabel="Preview"
          left={<ConversationEditor />}
          right={
            <Suspense fallback={<PreviewPlaceholder />}>
              <Preview />
            </Suspense>
          }
        />
      </main>
      <DiagnosticsPanel />
      <DropOverlay visible={dragging} />
    </div>
  );
}
