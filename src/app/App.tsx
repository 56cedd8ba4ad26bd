/**
 * The page: toolbar, the conversation editor and the preview side by side, diagnostics below;
 * in dataset mode, the dataset panel (record list, review, export) on the left.
 * The preview (Monaco, several MB) is a lazy chunk: the editor is usable before it arrives.
 * Each part has its own error boundary: a part that cannot render shows why and how to recover,
 * and the others keep working.
 */
import { lazy, Suspense, useEffect } from 'react';
import { DatasetSide } from './dataset/DatasetSide.tsx';
import { GuidelinesSide } from './review/GuidelinesSide.tsx';
import { ConversationEditor } from './editors/ConversationEditor.tsx';
import { useFileDrop } from './files/useFileDrop.ts';
import { usePasteToOpen } from './files/usePasteToOpen.ts';
import { ErrorBoundary } from './layout/ErrorBoundary.tsx';
import { PreviewPlaceholder } from './layout/PreviewPlaceholder.tsx';
import { SplitPane } from './layout/SplitPane.tsx';
import { useShortcuts } from './layout/useShortcuts.ts';
import { DiagnosticsPanel } from './panels/DiagnosticsPanel.tsx';
import { NoticeBar } from './panels/NoticeBar.tsx';
import { UpdatePrompt } from './pwa/UpdatePrompt.tsx';
import { Toolbar } from './panels/Toolbar.tsx';
import { useRecoveryNeeded } from './persistence/recovery-state.ts';
import { usePendingShare } from './share/pending.ts';
import { useAppStore } from './store/index.ts';
import { EDITOR_READY_MARK } from './test-api.ts';

/** The preview chunk (Monaco). main.tsx starts this download before start-up's awaits; lazy() reuses it. */
export const loadPreview = () => import('./preview/Preview.tsx');
const Preview = lazy(loadPreview);
/** Shown only when needed: not part of the start-up JavaScript. */
const PersistenceBanners = lazy(() => import('./persistence/PersistenceBanners.tsx'));
const ShareConfirmDialog = lazy(() => import('./share/ShareConfirmDialog.tsx'));
const DropOverlay = lazy(() => import('./layout/DropOverlay.tsx'));
/** Dataset mode only (a JSONL file or an array of records is open or opening). */
const BadLineEditor = lazy(() => import('./dataset/BadLineEditor.tsx'));
const BadLinePreview = lazy(() => import('./dataset/BadLineEditor.tsx').then((module) => ({ default: module.BadLinePreview })));

export function App() {
  useShortcuts();
  usePasteToOpen();
  const dragging = useFileDrop();
  const recoveryNeeded = useRecoveryNeeded();
  const pendingShare = usePendingShare();
  const datasetShown = useAppStore((state) => state.dataset !== null || state.datasetProgress !== null);
  const badLine = useAppStore((state) => state.datasetLoaded?.ok === false);
  useEffect(() => {
    if (performance.getEntriesByName(EDITOR_READY_MARK).length === 0) performance.mark(EDITOR_READY_MARK);
  }, []);

  return (
    <div className="flex h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header>
        <Toolbar />
        <NoticeBar />
        <UpdatePrompt />
        {recoveryNeeded && (
          <ErrorBoundary area="the storage messages">
            <Suspense fallback={null}>
              <PersistenceBanners />
            </Suspense>
          </ErrorBoundary>
        )}
      </header>
      <main className="flex min-h-0 flex-1">
        {datasetShown && <DatasetSide />}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <SplitPane
          leftLabel="Conversation"
          rightLabel="Preview"
          left={
            <ErrorBoundary area="the conversation editor">
              {badLine ? (
                <Suspense fallback={null}>
                  <BadLineEditor />
                </Suspense>
              ) : (
                <ConversationEditor />
              )}
            </ErrorBoundary>
          }
          right={
            <ErrorBoundary area="the preview">
              <Suspense fallback={<PreviewPlaceholder />}>{badLine ? <BadLinePreview /> : <Preview />}</Suspense>
            </ErrorBoundary>
          }
        />
        </div>
        {datasetShown && <GuidelinesSide />}
      </main>
      <ErrorBoundary area="the diagnostics">
        <DiagnosticsPanel />
      </ErrorBoundary>
      {dragging && (
        <Suspense fallback={null}>
          <DropOverlay />
        </Suspense>
      )}
      {pendingShare && (
        <Suspense fallback={null}>
          <ShareConfirmDialog pending={pendingShare} />
        </Suspense>
      )}
    </div>
  );
}
