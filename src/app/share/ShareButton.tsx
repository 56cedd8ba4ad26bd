/**
 * Share: builds the link (fflate is loaded only now, not at start-up), copies it to the
 * clipboard and shows it, so it can be copied by hand where the clipboard is not available
 * (plain-http hosts). Too large for a link: a message instead of a broken link.
 */
import { useRef, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { primaryButton, toolbarButton } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';

type Copied = 'idle' | 'copied' | 'manual';

export function ShareButton() {
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<Copied>('idle');
  const input = useRef<HTMLInputElement>(null);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      setCopied('manual');
      input.current?.select();
    }
  };

  const share = async () => {
    const { buildShareLink } = await import('./link.ts');
    const result = buildShareLink();
    if (!result.ok) {
      useAppStore.getState().showNotice({ tone: 'error', title: result.message });
      return;
    }
    setLink(result.url);
    setCopied('idle');
    await copy(result.url);
  };

  return (
    <>
      <button type="button" className={toolbarButton} onClick={() => void share()} title="Copy a link that opens this conversation, format and options">
        Share
      </button>
      <Dialog open={link !== null} onClose={() => setLink(null)} title="Share link" description="The conversation, format and options are in the link itself (after #): they are not uploaded anywhere." width="max-w-xl">
        <div className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Share link
            <input
              ref={input}
              readOnly
              value={link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 w-full rounded-md border border-slate-300 bg-slate-50 px-2 font-mono text-xs font-normal text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
            />
          </label>
          <div className="flex items-center justify-between gap-2">
            <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
              {copied === 'copied' ? 'Link copied to the clipboard.' : copied === 'manual' ? 'The clipboard is not available here: copy the link from the field above.' : ''}
            </p>
            <button type="button" className={primaryButton} onClick={() => link && void copy(link)}>
              {copied === 'copied' ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
