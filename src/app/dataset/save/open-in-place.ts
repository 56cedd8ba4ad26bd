/**
 * "Open dataset to save in place…" in the File menu (panels/file-menu.ts), where the browser offers the File System Access API
 * (Chromium): the file is chosen with the browser's own picker, which hands Parley a handle, so
 * that Save later writes the dataset back into that very file. The entry is absent elsewhere: Open and
 * export-by-download work everywhere.
 */
import { useAppStore } from '../../store/index.ts';
import { pickDatasetFile } from './file-access.ts';

export async function openInPlace(): Promise<void> {
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
