/**
 * Share (an entry of the File menu): builds the link (fflate is loaded only now, not at start-up),
 * copies it to the clipboard and shows it in a dialog (also loaded only now), so it can be copied
 * by hand where the clipboard is not available (plain-http hosts). Too large for a link: a message
 * instead of a broken link.
 */
import { lazy, Suspense } from 'react';
import { createStore, useStore } from 'zustand';
import { useAppStore } from '../store/index.ts';
import { copyText } from './clipboard.ts';

const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

/** The link being shown, and whether it reached the clipboard; null while no dialog is open. */
const sharedStore = createStore<{ shared: { url: string; copied: boolean } | null }>(() => ({ shared: null }));

export async function shareLink(): Promise<void> {
  const { buildShareLink } = await import('./link.ts');
  const result = buildShareLink();
  if (!result.ok) {
    useAppStore.getState().showNotice({ tone: 'error', title: result.message });
    return;
  }
  sharedStore.setState({ shared: { url: result.url, copied: await copyText(result.url) } });
}

/** The Share dialog, where the link is shown once built. */
export function ShareHost() {
  const shared = useStore(sharedStore, (state) => state.shared);
  if (!shared) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog url={shared.url} copiedAtOpen={shared.copied} onClose={() => sharedStore.setState({ shared: null })} />
    </Suspense>
  );
}
