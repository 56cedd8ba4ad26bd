/**
 * "Open to save in place…" in the toolbar, where the browser offers the File System Access API
 * (Chromium): the file is chosen with the browser's own picker, which hands Parley a handle, so
 * that Save later writes the dataset back into that very file. Absent elsewhere: Open and
 * export-by-download work everywhere.
 */
import { toolbarButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { canSaveInPlace, pickDatasetFile } from './file-access.ts';

async function openInPlace(): Promise<void> {
  let picked: Awaited<ReturnType<typeof pickDatasetFile>>;
  try {
    picked = await pickDatasetFile();
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The file could not be chosen: ${thrown instanceof Error ? thrown.message : String(thrown)}. Use Open… instead (Save then downloads the file).` });
    return;
  }
  if (!picked) return; // Cancelled: nothing to say.
  const [{ expectHandle }, { openFile }] = await Promise.all([import('./save-dataset.ts'), import('../../files/open.ts')]);
  expectHandle(picked.handle, picked.file);
  await openFile(picked.file);
}

export function OpenInPlaceButton() {
  if (!canSaveInPlace()) return null;
  return (
    <button type="button" className={toolbarButton} onClick={() => void openInPlace()} title="Open a .jsonl or .json dataset so that Save writes your changes back into the same file">
      Open to save in place…
    </button>
  );
}
