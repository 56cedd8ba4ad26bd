/** Opening an example: replaces the record (one undo step) and sets the format it is shown in. */
import { findFormat } from '../../core/index.ts';
import { confirmLeaveDataset, prepareFormat, useAppStore } from '../store/index.ts';
import type { Example } from './types.ts';

/**
 * Replaces the record (and leaves dataset mode once the person agreed to lose its changes).
 * False when they did not. The example's format is loaded first (Format.prepare), so that it
 * opens rendered, not "Loading…".
 */
export async function openExample(example: Example, { announce = true } = {}): Promise<boolean> {
  await prepareFormat(example.formatId);
  if (!confirmLeaveDataset()) return false;
  const state = useAppStore.getState();
  state.loadRecord(example.build());
  // Reset the format's options to its defaults plus the example's own: what the example shows
  // must not depend on options set for an earlier conversation.
  state.setFormat(example.formatId, { ...findFormat(example.formatId)?.defaults, ...example.options });
  state.setImportDiagnostics([]);
  state.setSourceCodec(null);
  if (announce) state.showNotice({ tone: 'success', title: `Opened the example "${example.title}".` });
  return true;
}
