/**
 * The update prompt's Reload: save the conversation and the open dataset's work, then let the
 * new version take over (apply-update.ts). Loaded when the person clicks Reload.
 */
import { saveNow } from '../persistence/autosave.ts';
import { useAppStore, type SaveStatus } from '../store/index.ts';
import { applyUpdate, type UpdateOutcome } from './apply-update.ts';
import { pwaStore } from './pwa-state.ts';
import { activateNewVersion } from './register.ts';

/** Why work in this status is not stored; undefined when it is. */
function notStored(status: SaveStatus | null, what: string): string | undefined {
  if (status === null || status.state === 'saved') return undefined;
  if (status.state === 'failed' || status.state === 'unavailable') return `${what} could not be saved in this browser: ${status.message}`;
  return `${what} is not saved yet`;
}

async function saveDataset(): Promise<void> {
  if (useAppStore.getState().dataset === null) return;
  const { saveDatasetNow } = await import('../dataset/persistence/dataset-persistence.ts');
  await saveDatasetNow();
}

async function datasetStatus(): Promise<SaveStatus | null> {
  if (useAppStore.getState().dataset === null) return null;
  const { datasetPersistenceStore } = await import('../dataset/persistence/persistence-state.ts');
  return datasetPersistenceStore.getState().status;
}

/** Reload into the new version once the work is saved; `anyway`: the person chose to reload although it is not. */
export async function reloadIntoNewVersion({ anyway = false }: { anyway?: boolean } = {}): Promise<UpdateOutcome> {
  // Another tab already let the new version take over: this page only has to reload.
  const alreadyActive = pwaStore.getState().update === 'elsewhere';
  pwaStore.setState({ update: 'saving', updateProblem: null });
  let dataset: SaveStatus | null = null;
  const outcome = await applyUpdate({
    saveConversation: () => saveNow(),
    saveDataset: async () => {
      await saveDataset();
      dataset = await datasetStatus();
    },
    unsavedReason: () => (anyway ? undefined : (notStored(useAppStore.getState().saveStatus, 'The conversation') ?? notStored(dataset, 'The dataset’s work'))),
    activate: alreadyActive ? async () => window.location.reload() : activateNewVersion,
  });
  if (!outcome.applied) pwaStore.setState({ update: alreadyActive ? 'elsewhere' : 'ready', updateProblem: outcome.reason });
  return outcome;
}
