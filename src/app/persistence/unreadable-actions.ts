/** Export or discard saved data that could not be restored (the banner's buttons). */
import { downloadFile, today } from '../layout/download-file.ts';
import { useAppStore } from '../store/index.ts';
import { allowOverwrite } from './autosave.ts';
import { recoveryStore } from './recovery-state.ts';
import { deleteUnreadable } from './storage.ts';

/** Download the kept values exactly as they were read from IndexedDB (nothing is changed or dropped). */
export function exportUnreadable(): void {
  const { unreadable } = recoveryStore.getState();
  const fileName = `parley-unrestored-${today()}.json`;
  try {
    downloadFile(`${JSON.stringify(unreadable, null, 2)}\n`, fileName);
    useAppStore.getState().showNotice({ tone: 'success', title: `Exported ${fileName}: what was saved, exactly as it was stored.` });
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The saved data could not be exported: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
  }
}

export async function discardUnreadable(): Promise<void> {
  try {
    await deleteUnreadable();
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The saved data could not be discarded: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
    return;
  }
  recoveryStore.setState({ unreadable: [] });
  allowOverwrite();
}
