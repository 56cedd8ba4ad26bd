/** Paste JSON text to open it; a problem is shown in the dialog and the editor is left as it was. */
import { useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { primaryButton, toolbarButton } from '../layout/ui.ts';
import { openPastedTextLater } from './lazy.ts';

export function PasteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    const result = await openPastedTextLater(text);
    if (result.ok) {
      setText('');
      close();
    } else {
      setProblem({ message: result.message, details: result.details });
    }
  };

  return (
    <Dialog open={open} onClose={close} title="Paste JSON" description="A conversation as JSON (Apertus JSON: a list of messages or {&quot;messages&quot;: […]}), or JSON Lines (the first record is opened).">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="flex flex-col gap-3"
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          JSON to open
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={14}
            spellCheck={false}
            autoFocus
            className="w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-[13px] font-normal text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </label>
        {problem && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p>{problem.message}</p>
            {problem.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5 font-mono text-xs">
                {problem.details.map((detail, i) => (
                  <li key={i}>{detail}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={toolbarButton} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={text.trim() === ''}>
            Open
          </button>
        </div>
      </form>
    </Dialog>
  );
}
