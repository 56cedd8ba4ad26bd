/**
 * "A new version of Parley is ready: Reload", under the toolbar while a new version waits. The
 * reload happens only when the person chooses it, after their work is saved (update.ts); if it
 * cannot be saved, the prompt says why and offers to reload anyway.
 */
import { primaryButton, toolbarButton } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { usePwa } from './pwa-state.ts';

async function reload(anyway: boolean): Promise<void> {
  const { reloadIntoNewVersion } = await import('./update.ts');
  await reloadIntoNewVersion({ anyway });
}

export function UpdatePrompt() {
  const update = usePwa((state) => state.update);
  const problem = usePwa((state) => state.updateProblem);
  const datasetOpen = useAppStore((state) => state.dataset !== null);
  if (update === 'current') return null;
  const saving = update === 'saving';
  return (
    <div role="region" aria-label="New version" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-violet-300 bg-violet-50 px-4 py-2 text-sm text-violet-950 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-50">
      <p>
        {update === 'elsewhere' ? 'Parley was updated in another tab: reload this one to use the new version.' : 'A new version of Parley is ready.'}
        {datasetOpen && ' Your edits to the dataset are kept in this browser: open the file again after the reload.'}
      </p>
      <button type="button" className={primaryButton} disabled={saving} onClick={() => void reload(false)} title="Save your work, then reload into the new version">
        {saving ? 'Saving…' : 'Reload'}
      </button>
      {problem !== null && (
        <p role="alert" aria-label="Update problem" className="flex w-full flex-wrap items-center gap-2">
          Not reloaded: {problem}. Export your work to keep it, or
          <button type="button" className={toolbarButton} onClick={() => void reload(true)}>
            Reload anyway
          </button>
        </p>
      )}
    </div>
  );
}
