/**
 * Start-up, before the first paint of the editor: theme, test API, the saved conversation
 * (IndexedDB), else the default example for a first visit, then a share link if the URL has one
 * (asking first when it would replace the person's own work), and the shown format's on-demand
 * code (store/prepare-format.ts). Jinja renders go to their worker from the start (jinja/off-page.ts). Only then does autosave start, so
 * nothing is saved over data that was not read yet.
 */
import { openExample } from './examples/open-example.ts';
import { restoreSaved, startAutosave } from './persistence/autosave.ts';
import { hasShareFragment } from './share/fragment.ts';
import { clearHistory, prepareFormat, useAppStore } from './store/index.ts';
import { startTheme } from './layout/theme.ts';
import { installTestApi } from './test-api.ts';
import { installOffPageRenders } from './jinja/off-page.ts';
import { prefetchFilePipeline } from './files/lazy.ts';
import { previewReady } from './preview-ready.ts';

/** The share codec (fflate) is loaded only when a link is opened. */
async function openShareLink(): Promise<void> {
  try {
    const { openShareFragment } = await import('./share/link.ts');
    await openShareFragment();
  } catch (thrown) {
    // The chunk could not be fetched (offline after a new deploy): say so rather than nothing.
    useAppStore.getState().showNotice({ tone: 'error', title: `The share link could not be opened: ${thrown instanceof Error ? thrown.message : String(thrown)}. Reload to try again.` });
  }
}

export async function boot(): Promise<void> {
  startTheme();
  // Before anything renders: Jinja templates render in their worker, never on the page.
  installOffPageRenders();
  installTestApi();
  const restored = await restoreSaved();
  if (!restored.restored) {
    // The catalog is only needed on a first visit (and by the gallery): not part of start-up code.
    const { defaultExample } = await import('./examples/catalog.ts');
    await openExample(defaultExample(), { announce: false });
  }
  // Undo starts from what was restored (or the example), never from an empty conversation.
  clearHistory();
  if (hasShareFragment()) await openShareLink();
  // A restored session or link in a format loaded on demand (harmony, …): its code before the
  // first paint, so that the preview opens rendered rather than "Loading…".
  await prepareFormat(useAppStore.getState().formatId);
  startAutosave();
  // Fetch the open/export chunk once the preview is up and the page is idle (not in competition
  // with Monaco's download), so that the first Open is instant.
  void previewReady.then(() => {
    if ('requestIdleCallback' in window) requestIdleCallback(prefetchFilePipeline, { timeout: 5000 });
    else setTimeout(prefetchFilePipeline, 1000);
  });
  // A share link pasted into the address bar of an open tab changes only the fragment.
  window.addEventListener('hashchange', () => {
    if (hasShareFragment()) void openShareLink();
  });
}
