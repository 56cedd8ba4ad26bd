/** The conflict and recovery-copy banners' buttons (PersistenceBanners.tsx). */
import { downloadFile, today } from '../layout/download-file.ts';
import { useAppStore } from '../store/index.ts';
import { ENVELOPE_VERSION, migrate } from './envelope.ts';
import { dropRecoveryCopies, keepRecoveryCopy } from './recovery-copies.ts';
import { recoveryStore } from './recovery-state.ts';
import { savedSession, splitEnvelope } from './session-fields.ts';

export { resolveConflict } from './autosave.ts';

function say(tone: 'success' | 'error', title: string): void {
  useAppStore.getState().showNotice({ tone, title });
}

const why = (thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown));

/**
 * Open the newest recovery copy in the editor. What was shown takes its place among the copies
 * (written first: if it cannot be, nothing changes), and the opened version is saved as any edit.
 */
export async function openLatestCopy(): Promise<void> {
  const { copies } = recoveryStore.getState();
  const latest = copies[copies.length - 1];
  if (!latest) return;
  const read = migrate(latest.envelope);
  if (!read.ok) {
    say('error', `The recovery copy cannot be opened: ${read.message}. Download it to keep it.`);
    return;
  }
  const shown = { version: ENVELOPE_VERSION, savedAt: Date.now(), revision: 0, ...savedSession(useAppStore.getState()) };
  try {
    await keepRecoveryCopy({ id: latest.id, keptAt: Date.now(), reason: 'The version you had open before opening a recovery copy.', envelope: shown });
  } catch (thrown) {
    say('error', `The recovery copy was not opened: what is shown now could not be kept in its place (${why(thrown)}).`);
    return;
  }
  useAppStore.setState(splitEnvelope(read.envelope).session);
  say('success', 'Opened the recovery copy. The version you had open is now the recovery copy.');
}

/** Download every recovery copy exactly as kept (envelopes: each holds the conversation and its format). */
export function downloadCopies(): void {
  const fileName = `parley-recovery-copies-${today()}.json`;
  try {
    downloadFile(`${JSON.stringify(recoveryStore.getState().copies, null, 2)}\n`, fileName);
    say('success', `Exported ${fileName}: every recovery copy, exactly as it was kept.`);
  } catch (thrown) {
    say('error', `The recovery copies could not be exported: ${why(thrown)}.`);
  }
}

export async function discardCopies(): Promise<void> {
  try {
    await dropRecoveryCopies(new Set(recoveryStore.getState().copies.map((copy) => copy.id)));
  } catch (thrown) {
    say('error', `The recovery copies could not be discarded: ${why(thrown)}.`);
  }
}
