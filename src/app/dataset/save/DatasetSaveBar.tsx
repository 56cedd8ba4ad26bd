/**
 * Save for the open dataset, and whether its work is kept in this browser: "Save" writes the file
 * back in place when it was opened with "Open to save in place…", and downloads it otherwise.
 */
import { useState } from 'react';
import { toolbarButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { openDatasetFile } from '../open-dataset.ts';
import { DatasetSaveStatus } from '../persistence/DatasetSaveStatus.tsx';
import { handleOf, saveOpenDataset } from './save-dataset.ts';

export function DatasetSaveBar() {
  const dataset = useAppStore((state) => state.dataset);
  const [busy, setBusy] = useState(false);
  const inPlace = handleOf(dataset) !== undefined;
  const name = dataset?.name ?? '';
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={toolbarButton}
        disabled={busy || !dataset}
        title={inPlace ? `Write the changes back into ${name}` : `Download ${name} with the changes (opened without write access)`}
        onClick={() => {
          setBusy(true);
          void saveOpenDataset({ reopen: (file, fileName) => openDatasetFile(file, fileName) }).finally(() => setBusy(false));
        }}
      >
        {busy ? 'Saving…' : inPlace ? 'Save' : 'Save (download)'}
      </button>
      <DatasetSaveStatus />
    </div>
  );
}
