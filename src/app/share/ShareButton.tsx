/**
 * Share: builds the link (fflate is loaded only now, not at start-up), copies it to the
 * clipboard and shows it in a dialog (also loaded only now), so it can be copied by hand where
 * the clipboard is not available (plain-http hosts). Too large for a link: a message instead of
 * a broken link.
 */
import { lazy, Suspense, useState } from 'react';
import { toolbarButton } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { copyText } from './clipboard.ts';

const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

export function ShareButton() {
  const [shared, setShared] = useState<{ url: string; copied: boolean } | null>(null);

  const share = async () => {
    const { buildShareLink } = await import('./link.ts');
    const result = buildShareLink();
    if (!result.ok) {
      useAppStore.getState().showNotice({ tone: 'error', title: result.message });
      return;
    }
    setShared({ url: result.url, copied: await copyText(result.url) });
  };

  return (
    <>
      <button type="button" className={toolbarButton} onClick={() => void share()} title="Copy a link that opens this conversation, format and options">
        Share
      </button>
      {shared && (
        <Suspense fallback={null}>
          <ShareDialog url={shared.url} copiedAtOpen={shared.copied} onClose={() => setShared(null)} />
        </Suspense>
      )}
    </>
  );
}
