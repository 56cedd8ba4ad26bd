/** The File menu's parts (panels/FileMenu.tsx): the file picker (Ctrl+O), the Export as… dialog (dialect, what it loses, download). */
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { mutedText } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { openFileLater } from './lazy.ts';
import { PICKER_ACCEPT, registerPicker } from './picker.ts';

// The form encodes the conversation in every dialect: it loads with the codecs, on first use.
const ExportAsForm = lazy(() => import('./ExportAsForm.tsx'));

/** The hidden file input behind "Open file…" (picker.ts opens it). */
export function OpenFileInput() {
  return (
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
  );
}

export function ExportControls({ open, onClose }: { open: boolean; onClose: () => void }) {
  const source = useAppStore((state) => state.sourceCodec?.id);
  // The person's pick holds until another file is opened; then the new file's dialect is offered.
  const [picked, setPicked] = useState<{ codec: string; forSource: string | undefined } | null>(null);
  const initial = picked !== null && picked.forSource === source ? picked.codec : undefined;
  return (
    <>
      <Dialog open={open} onClose={() => onClose()} title="Export as…" description="Download the conversation as JSON in any dialect. What a dialect cannot hold is listed before you download." width="max-w-xl">
        <Suspense fallback={<p className={`text-sm ${mutedText}`}>Loading the dialects…</p>}>
          <ExportAsForm
            initial={initial}
            onCancel={() => onClose()}
            onExported={(codec) => {
              setPicked({ codec, forSource: source });
              onClose();
            }}
          />
        </Suspense>
      </Dialog>
    </>
  );
}
