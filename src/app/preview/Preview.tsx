/**
 * The preview pane, two editable views and the Token view in tabs: "Text", the exact text of the current record in
 * the chosen format (special tokens and JSON coloured, hovers, diagnostics as markers, trainable
 * shading, Ctrl/⌘+clicks that focus the producing field) with its toolbar; and "JSON", the
 * record in a dialect (loaded on first use: json-view/); and "Tokens" (token-view/, also lazy). Typing in either is read back into the
 * conversation. Loaded lazily by App.tsx: this module and everything it imports form the Monaco chunk.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { compareRequests } from '../compare/compare-request.ts';
import Editor from '@monaco-editor/react';
import { isPreferenceRecord } from '../../core/index.ts';
import { previewRenderer } from '../jinja/off-page.ts';
import { renderState, useAppStore, useRendered } from '../store/index.ts';
import { editorOptions, wordWrapFor } from './editor-options.ts';
import { THEME_NAMES } from './language/themes.ts';
import { connectPreview, setTextViewShown } from './mount.ts';
import { monaco } from './monaco-env.ts';
import { ensurePreviewModel, PREVIEW_URI } from './preview-model.ts';
import { PreviewToolbar } from './PreviewToolbar.tsx';
import { RenderStatus } from './template/RenderStatus.tsx';
import { ViewStatus } from './ViewStatus.tsx';
import { panelId, tabId, ViewTabs, type PreviewView } from './ViewTabs.tsx';
import './preview.css';

// Created before the editor mounts, so that the editor opens the preview's own model (by URI).
ensurePreviewModel(monaco);

// The JSON view needs the codecs (and zod): its own chunk, loaded when the tab is first chosen.
const JsonView = lazy(() => import('./json-view/JsonView.tsx'));
// The Jinja format's template editor and the Compare view: their own chunks, loaded on first use.
const TemplateView = lazy(() => import('./template/TemplateView.tsx'));
const CompareView = lazy(() => import('./compare/CompareView.tsx'));
// A preference record's two renders and their diff: its own chunk, loaded when the tab is chosen.
const BranchesView = lazy(() => import('./branches/BranchesView.tsx'));
// The Token view brings the token worker and the shipped tokenizers' URLs: its own chunk, loaded on first use.
const TokenView = lazy(() => import('./token-view/TokenView.tsx'));

/** The Jinja format's render in its worker: Stop while it runs long, what ended it (every tab). */
function TemplateRenderStatus() {
  return <RenderStatus renderer={previewRenderer} rendered={useRendered()} />;
}

export function Preview() {
  const theme = useAppStore((state) => state.resolvedTheme);
  const showWhitespace = useAppStore((state) => state.showWhitespace);
  // The controller switches wrapping as the text crosses the limit; the options say the same, so
  // that passing them to the editor again (a toggle) does not undo it.
  const wordWrap = useAppStore((state) => wordWrapFor(renderState(state).text.length));
  const options = useMemo(() => editorOptions(showWhitespace, 'text', wordWrap), [showWhitespace, wordWrap]);
  const [chosenView, setView] = useState<PreviewView>('text');
  // "Open in Compare" (the dataset regression) shows the Compare tab; Compare takes the sides.
  useEffect(() => compareRequests.subscribe(({ request }) => request && setView('compare')), []);
  const withTemplate = useAppStore((state) => state.formatId === 'jinja');
  const withBranches = useAppStore((state) => isPreferenceRecord(state.record));
  const view = (chosenView === 'template' && !withTemplate) || (chosenView === 'branches' && !withBranches) ? 'text' : chosenView;
  // Hidden, the Text view does not follow each keystroke (controller.ts); shown, it catches up
  // before the panel is painted, hence a layout effect.
  useLayoutEffect(() => setTextViewShown(view === 'text'), [view]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ViewTabs view={view} onChange={setView} withTemplate={withTemplate} withBranches={withBranches} />
      {withTemplate && <TemplateRenderStatus />}
      {/* The Text view stays mounted while hidden (its place, caret and typing survive); its model waits until it is shown. */}
      <div role="tabpanel" id={panelId('text')} aria-labelledby={tabId('text')} hidden={view !== 'text'} className="flex min-h-0 flex-1 flex-col">
        <PreviewToolbar />
        <ViewStatus view="text" />
        <div className="relative min-h-0 flex-1">
          <Editor path={PREVIEW_URI} keepCurrentModel theme={THEME_NAMES[theme]} options={options} onMount={connectPreview} loading={null} height="100%" />
        </div>
      </div>
      <div role="tabpanel" id={panelId('json')} aria-labelledby={tabId('json')} hidden={view !== 'json'} className="flex min-h-0 flex-1 flex-col">
        {view === 'json' && (
          <Suspense fallback={<p className="p-3 text-sm text-slate-600 dark:text-slate-300">Loading the JSON view…</p>}>
            <JsonView />
          </Suspense>
        )}
      </div>
      <div role="tabpanel" id={panelId('tokens')} aria-labelledby={tabId('tokens')} hidden={view !== 'tokens'} className="flex min-h-0 flex-1 flex-col">
        {view === 'tokens' && (
          <Suspense fallback={<p className="p-3 text-sm text-slate-600 dark:text-slate-300">Loading the Token view…</p>}>
            <TokenView />
          </Suspense>
        )}
      </div>
      {withTemplate && (
        <div role="tabpanel" id={panelId('template')} aria-labelledby={tabId('template')} hidden={view !== 'template'} className="flex min-h-0 flex-1 flex-col">
          {view === 'template' && (
            <Suspense fallback={<p className="p-3 text-sm text-slate-600 dark:text-slate-300">Loading the template editor…</p>}>
              <TemplateView />
            </Suspense>
          )}
        </div>
      )}
      {withBranches && (
        <div role="tabpanel" id={panelId('branches')} aria-labelledby={tabId('branches')} hidden={view !== 'branches'} className="flex min-h-0 flex-1 flex-col">
          {view === 'branches' && (
            <Suspense fallback={<p className="p-3 text-sm text-slate-600 dark:text-slate-300">Loading the branches…</p>}>
              <BranchesView />
            </Suspense>
          )}
        </div>
      )}
      <div role="tabpanel" id={panelId('compare')} aria-labelledby={tabId('compare')} hidden={view !== 'compare'} className="flex min-h-0 flex-1 flex-col">
        {view === 'compare' && (
          <Suspense fallback={<p className="p-3 text-sm text-slate-600 dark:text-slate-300">Loading Compare…</p>}>
            <CompareView />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export default Preview;
