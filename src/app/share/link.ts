/**
 * Share links in the URL fragment (`#share=v1.…`): the fragment never reaches a server, so a
 * shared conversation stays between the people who have the link.
 */
import { confirmLeaveDataset, datasetHasChanges, prepareFormat, useAppStore } from '../store/index.ts';
import { shownSession } from '../persistence/session-fields.ts';
import { DEFAULT_MASK } from '../tokens/mask-settings.ts';
import { decodeShare, encodeShare, type SharePayload } from './codec.ts';
import { hasShareFragment, SHARE_PREFIX } from './fragment.ts';
import { pendingShareStore } from './pending.ts';
import { sameConversation } from './same-conversation.ts';

/**
 * Longest link Parley makes. Browsers accept far more (Chromium: 2 MB), but links are pasted into
 * chat, mail and issue trackers, which cut or refuse long messages (Slack truncates at 40,000
 * characters); 32,000 leaves room for the text around the link. Longer: export a file instead.
 */
export const MAX_SHARE_URL_LENGTH = 32_000;

export type ShareLinkResult = { ok: true; url: string } | { ok: false; message: string; length: number };

/** The link for the current record, format and options, or why there is none. */
export function buildShareLink(baseUrl: string = location.href): ShareLinkResult {
  const fragment = encodeShare(shownSession(useAppStore.getState()));
  const url = `${baseUrl.split('#')[0]}${SHARE_PREFIX}${fragment}`;
  if (url.length > MAX_SHARE_URL_LENGTH) {
    return {
      ok: false,
      length: url.length,
      message: `This conversation is too large for a link (${url.length.toLocaleString('en')} characters, the limit is ${MAX_SHARE_URL_LENGTH.toLocaleString('en')}). Export it as a file instead.`,
    };
  }
  return { ok: true, url };
}

/**
 * Open the share fragment of the current URL, if any. A damaged link shows an error and loads
 * nothing. When the current conversation is the person's own work (not the untouched start-up
 * example) and differs from the shared one, nothing is replaced before they answer: the question
 * is asked (ShareConfirmDialog) and the fragment stays until then, so a reload asks again.
 */
export async function openShareFragment(): Promise<void> {
  if (!hasShareFragment()) return;
  const decoded = await decodeShare(location.hash.slice(SHARE_PREFIX.length));
  if (!decoded.ok) {
    removeFragment();
    useAppStore.getState().showNotice({ tone: 'error', title: `This share link cannot be opened: ${decoded.message}. Nothing was loaded.` });
    return;
  }
  // The shared format's code first (Format.prepare: harmony, …), so that "Open" shows it rendered.
  await prepareFormat(decoded.payload.formatId);
  // A dataset with changes not exported: the dataset's question, not the conversation's (it would be lost, not undoable).
  if (datasetHasChanges()) {
    if (confirmLeaveDataset()) openShared(decoded.payload, false);
    else {
      removeFragment();
      useAppStore.getState().showNotice({ tone: 'info', title: 'Kept the dataset; the shared conversation was not opened.' });
    }
    return;
  }
  if (await wouldReplaceOwnWork(decoded.payload)) {
    pendingShareStore.setState({ pending: decoded.payload });
    return;
  }
  openShared(decoded.payload, false);
}

/** "Open": replace the conversation with the shared one (one undo step). */
export function openShared(payload: SharePayload, replacedOwnWork = true): void {
  removeFragment();
  pendingShareStore.setState({ pending: null });
  const state = useAppStore.getState();
  state.loadRecord(payload.record);
  state.setFormat(payload.formatId, payload.formatOptions);
  state.setTrainingMask(payload.trainingMask ?? DEFAULT_MASK);
  state.setImportDiagnostics([]);
  state.setSourceCodec(null);
  state.showNotice({ tone: 'success', title: replacedOwnWork ? 'Opened the shared conversation. Undo brings yours back.' : 'Opened the conversation from the share link.' });
}

/** "Keep mine": forget the link; nothing changes. */
export function keepOwnWork(): void {
  // The dialog's close event also lands here (Escape, ✕), also after "Open" unmounted it: answer once.
  if (pendingShareStore.getState().pending === null) return;
  removeFragment();
  pendingShareStore.setState({ pending: null });
  useAppStore.getState().showNotice({ tone: 'info', title: 'Kept your conversation; the shared one was not opened.' });
}

async function wouldReplaceOwnWork(payload: SharePayload): Promise<boolean> {
  const { record } = useAppStore.getState();
  if (sameConversation(record, payload.record)) return false;
  const { defaultExample } = await import('../examples/catalog.ts');
  return !sameConversation(record, defaultExample().build());
}

/** Remove the fragment (replacing the history entry), so that a reload does not open it again over newer edits. */
function removeFragment(): void {
  if (hasShareFragment()) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}
