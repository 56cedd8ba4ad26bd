/**
 * Share links in the URL fragment (`#share=v1.…`): the fragment never reaches a server, so a
 * shared conversation stays between the people who have the link.
 */
import { findFormat } from '../../core/index.ts';
import { confirmLeaveDataset, datasetHasChanges, prepareFormat, useAppStore } from '../store/index.ts';
import { saveNow } from '../persistence/autosave.ts';
import { shownSession } from '../persistence/session-fields.ts';
import { DEFAULT_MASK } from '../tokens/mask-settings.ts';
import { decodeShare, encodeShare, type SharePayload } from './codec.ts';
import { hasShareFragment, SHARE_PREFIX } from './fragment.ts';
import { MAX_SHARE_URL_LENGTH } from './limits.ts';
import { pendingShareStore, type PendingShare } from './pending.ts';
import { sameConversation } from './same-conversation.ts';

export { MAX_SHARE_URL_LENGTH } from './limits.ts';

/** The format whose `template` option is code that Parley runs (the Jinja interpreter). */
const TEMPLATE_FORMAT = 'jinja';
const TEMPLATE_OPTION = 'template';

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
 * Open the share fragment of the current URL, if any. A damaged or refused link shows why and
 * loads nothing. Nothing is replaced before the person answers (ShareConfirmDialog) when the
 * current conversation is their own work (not the untouched start-up example) and differs from
 * the shared one, or when the link carries a Jinja template they do not have yet (in a fresh
 * profile too): the fragment stays until then, so a reload asks again.
 */
export async function openShareFragment(): Promise<void> {
  if (!hasShareFragment()) return;
  const decoded = await decodeShare(location.hash.slice(SHARE_PREFIX.length));
  if (!decoded.ok) {
    removeFragment();
    useAppStore.getState().showNotice({ tone: 'error', title: `This share link cannot be opened: ${decoded.message}. Nothing was loaded.` });
    return;
  }
  const { payload } = decoded;
  // The shared format's code first (Format.prepare: harmony, …), so that "Open" shows it rendered.
  await prepareFormat(payload.formatId);
  let replacesOwnWork: boolean;
  // A dataset with changes not exported: the dataset's question, not the conversation's (it would be lost, not undoable).
  if (datasetHasChanges()) {
    if (!confirmLeaveDataset()) {
      removeFragment();
      useAppStore.getState().showNotice({ tone: 'info', title: 'Kept the dataset; the shared conversation was not opened.' });
      return;
    }
    replacesOwnWork = false;
  } else replacesOwnWork = await wouldReplaceOwnWork(payload);
  const template = unfamiliarTemplate(payload);
  if (replacesOwnWork || template !== undefined) {
    pendingShareStore.setState({ pending: { payload, replacesOwnWork, template } });
    return;
  }
  openShared(payload, false);
}

/**
 * "Open": replace the conversation with the shared one (one undo step), and save it at once: the
 * fragment is gone from the address bar, so a reload must find it in storage.
 */
export function openShared(payload: SharePayload, replacedOwnWork: boolean): void {
  removeFragment();
  pendingShareStore.setState({ pending: null });
  const state = useAppStore.getState();
  state.loadRecord(payload.record);
  state.setFormat(payload.formatId, payload.formatOptions);
  state.setTrainingMask(payload.trainingMask ?? DEFAULT_MASK);
  state.setImportDiagnostics([]);
  state.setSourceCodec(null);
  state.showNotice({ tone: 'success', title: replacedOwnWork ? 'Opened the shared conversation. Undo brings yours back.' : 'Opened the conversation from the share link.' });
  // At start-up this runs before autosave watches the store: say it changed.
  void saveNow({ changed: true });
}

/** "Keep mine" / "Don't open": forget the link; nothing changes. */
export function keepOwnWork(): void {
  const { pending } = pendingShareStore.getState();
  // The dialog's close event also lands here (Escape, ✕), also after "Open" unmounted it: answer once.
  if (pending === null) return;
  removeFragment();
  pendingShareStore.setState({ pending: null });
  useAppStore.getState().showNotice({ tone: 'info', title: pending.replacesOwnWork ? 'Kept your conversation; the shared one was not opened.' : 'The shared conversation was not opened.' });
}

/** "Open" in the dialog. */
export function openPending(pending: PendingShare): void {
  openShared(pending.payload, pending.replacesOwnWork);
}

/**
 * The template a link would run, unless it is the one this tab already has for the format (the
 * default in a fresh profile): that one runs anyway, asking would tell nothing new.
 */
function unfamiliarTemplate(payload: SharePayload): string | undefined {
  const template = payload.formatOptions[TEMPLATE_OPTION];
  if (payload.formatId !== TEMPLATE_FORMAT || typeof template !== 'string') return undefined;
  const current = useAppStore.getState().formatOptions[TEMPLATE_FORMAT]?.[TEMPLATE_OPTION] ?? findFormat(TEMPLATE_FORMAT)?.defaults[TEMPLATE_OPTION];
  return template === current ? undefined : template;
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
