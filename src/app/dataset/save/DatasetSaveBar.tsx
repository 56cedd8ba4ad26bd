/**
 * Save for the open dataset: "Save" writes the file back in place when it was opened with "Open
 * dataset to save in place…", and downloads it otherwise. Whether its work is kept in this browser
 * is DatasetSaveStatus, shown on its own line by the panel.
 */
import { useState } from 'react';
import { compactButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { openDatasetFile } from '../open-dataset.ts';
import { handleOf, saveOpenDataset } from './save-dataset.ts';

export function DatasetSaveButton() {
  const dataset = useAppStore((state) => state.dataset);
  const [busy, setBusy] = useState(false);
  const inPlace = handleOf(dataset) !== undefined;
  const name = dataset?.name ?? '';
  return (
    <button
      type="button"
      className={compactButton}
      disabled={busy || !dataset}
      title={inPlace ? `Write the changes back into ${name}` : `Download ${name} with the changes (opened without write access)`}
      onClick={() => {
        setBusy(true);
        void saveOpenDataset({ reopen: (file, fileName) => openDatasetFile(file, fileName) }).finally(() => setBusy(false));
      }}
    >
      {busy ? 'Saving…' : inPlace ? 'Save' : 'Save (download)'}
    </button>
  );
}
