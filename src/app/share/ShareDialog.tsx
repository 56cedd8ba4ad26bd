/** The Share dialog: the link, whether it was copied, and a button to copy it again. */
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { primaryButton } from '../layout/ui.ts';
import { copyText } from './clipboard.ts';

type Copied = 'idle' | 'copied' | 'manual';

interface ShareDialogProps {
  url: string;
  /** Whether the Share button already copied the link. */
  copiedAtOpen: boolean;
  onClose: () => void;
}

export default function ShareDialog({ url, copiedAtOpen, onClose }: ShareDialogProps) {
  const [copied, setCopied] = useState<Copied>(copiedAtOpen ? 'copied' : 'manual');
  const input = useRef<HTMLInputElement>(null);

  // Without a clipboard the link is selected, ready for Ctrl+C.
  useEffect(() => {
    if (copied === 'manual') input.current?.select();
  }, [copied]);

  const copy = async () => setCopied((await copyText(url)) ? 'copied' : 'manual');

  return (
    <Dialog open onClose={onClose} title="Share link" description="The conversation, format and options are in the link itself (after #): they are not uploaded anywhere." width="max-w-xl">
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Share link
          <input
            ref={input}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-9 w-full rounded-md border border-slate-300 bg-slate-50 px-2 font-mono text-xs font-normal text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </label>
        <div className="flex items-center justify-between gap-2">
          <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
            {copied === 'copied' ? 'Link copied to the clipboard.' : copied === 'manual' ? 'The clipboard is not available here: copy the link from the field above.' : ''}
          </p>
          <button type="button" className={primaryButton} onClick={() => void copy()}>
            {copied === 'copied' ? 'Copied' : 'Copy link'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
