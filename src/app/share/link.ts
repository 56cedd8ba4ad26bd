/**
 * Share links in the URL fragment (`#share=v1.…`): the fragment never reaches a server, so a
 * shared conversation stays between the people who have the link.
 */
import { useAppStore } from '../store/index.ts';
import { decodeShare, encodeShare } from './codec.ts';
import { hasShareFragment, SHARE_PREFIX } from './fragment.ts';


/**
 * Longest link Parley makes. Browsers accept far more (Chromium: 2 MB), but links are pasted into
 * chat, mail and issue trackers, which cut or refuse long messages (Slack truncates at 40,000
 * characters); 32,000 leaves room for the text around the link. Longer: export a file instead.
 */
export const MAX_SHARE_URL_LENGTH = 32_000;

export type ShareLinkResult = { ok: true; url: string } | { ok: false; message: string; length: number };

/** The link for the current record, format and options, or why there is none. */
export function buildShareLink(baseUrl: string = location.href): ShareLinkResult {
  const { record, formatId, formatOptions } = useAppStore.getState();
  const fragment = encodeShare({ record, formatId, formatOptions: formatOptions[formatId] ?? {} });
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
 * Open the share fragment of the current URL, if any: restore record, format and options, then
 * remove the fragment (replacing the history entry, so reload does not open it again over newer
 * edits). A damaged link shows an error and loads nothing. Returns whether a record was loaded.
 */
export function openShareFragment(): boolean {
  if (!hasShareFragment()) return false;
  const encoded = location.hash.slice(SHARE_PREFIX.length);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  const decoded = decodeShare(encoded);
  const state = useAppStore.getState();
  if (!decoded.ok) {
    state.showNotice({ tone: 'error', title: `This share link cannot be opened: ${decoded.message}. Nothing was loaded.` });
    return false;
  }
  const { record, formatId, formatOptions } = decoded.payload;
  state.loadRecord(record);
  state.setFormat(formatId, formatOptions);
  state.setImportDiagnostics([]);
  state.setSourceCodec(null);
  state.showNotice({ tone: 'success', title: 'Opened the conversation from the share link.' });
  return true;
}
