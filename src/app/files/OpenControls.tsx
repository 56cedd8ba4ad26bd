/** Toolbar: Open (file picker, Ctrl+O), Paste JSON (dialog), Export as… (dialog: dialect, what it loses, download). */
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { mutedText, toolbarButton } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { openFileLater } from './lazy.ts';
import { PasteDialog } from './PasteDialog.tsx';
import { openPicker, PICKER_ACCEPT, registerPicker } from './picker.ts';

// The form encodes the conversation in every dialect: it loads with the codecs, on first use.
const ExportAsForm = lazy(() => import('./ExportAsForm.tsx'));

export function OpenButton() {
  return (
    <>
      <button type="button" className={toolbarButton} onClick={openPicker} title="Open a .json or .jsonl file (Ctrl+O); you can also drop a file onto the window">
        Open…
      </button>
      <input
        ref={registerPicker}
        type="file"
        accept={PICKER_ACCEPT}
        aria-label="Open a JSON file"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = ''; // Opening the same file twice must fire change again.
          if (file) void openFileLater(file);
        }}
      />
    </>
  );
}

export function PasteButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={toolbarButton} onClick={() => setOpen(true)} title="Paste a JSON conversation (or press Ctrl+V outside a text field)">
        Paste JSON…
      </button>
      <PasteDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function ExportControls() {
  const [open, setOpen] = useState(false);
  const source = useAppStore((state) => state.sourceCodec?.id);
  // The person's pick holds until another file is opened; then the new file's dialect is offered.
  const [picked, setPicked] = useState<{ codec: string; forSource: string | undefined } | null>(null);
  const initial = picked !== null && picked.forSource === source ? picked.codec : undefined;
  return (
    <>
      <button type="button" className={toolbarButton} onClick={() => setOpen(true)} title="Download the conversation as a JSON file in a dialect you choose">
        Export as…
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Export as…" description="Download the conversation as JSON in any dialect. What a dialect cannot hold is listed before you download." width="max-w-xl">
        <Suspense fallback={<p className={`text-sm ${mutedText}`}>Loading the dialects…</p>}>
          <ExportAsForm
            initial={initial}
            onCancel={() => setOpen(false)}
            onExported={(codec) => {
              setPicked({ codec, forSource: source });
              setOpen(false);
            }}
          />
        </Suspense>
      </Dialog>
    </>
  );
}
