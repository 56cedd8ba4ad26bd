/**
 * What the error fallback (CrashPanel) offers. Export must work when rendering does not: it goes
 * through the normal export (the dialect of the opened file, else Apertus JSON), and if that
 * fails too, writes the record as it is in memory, so that the data always leaves the tab.
 */
import { exportToFileLater } from '../files/lazy.ts';
import { useAppStore } from '../store/index.ts';
import { downloadFile, today } from './download-file.ts';

export async function exportForRecovery(): Promise<void> {
  try {
    if ((await exportToFileLater()).ok) return;
  } catch {
    // The codec threw on this record, or its chunk did not download: write the raw record below.
  }
  const { record, formatId, formatOptions, showNotice } = useAppStore.getState();
  try {
    downloadFile(`${JSON.stringify({ record, formatId, formatOptions: formatOptions[formatId] ?? {} }, null, 2)}\n`, `parley-recovered-${today()}.json`);
    showNotice({ tone: 'info', title: `Exported parley-recovered-${today()}.json: the conversation as Parley holds it (the normal export failed).` });
  } catch (thrown) {
    showNotice({ tone: 'error', title: `The conversation could not be exported: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
  }
}

/** Replace the conversation with the start-up example: one undo step, so it can be taken back. */
export async function startOver(): Promise<void> {
  const [{ defaultExample }, { openExample }] = await Promise.all([import('../examples/catalog.ts'), import('../examples/open-example.ts')]);
  await openExample(defaultExample());
}
