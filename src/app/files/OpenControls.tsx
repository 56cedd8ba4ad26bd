/** Toolbar: Open (file picker, Ctrl+O), Paste JSON (dialog), Export (dialect + download). */
import { useEffect, useState } from 'react';
import { toolbarButton, toolbarSelect } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { DEFAULT_EXPORT_CODEC } from './export-default.ts';
import { exportDialects, exportToFileLater, openFileLater } from './lazy.ts';
import { PasteDialog } from './PasteDialog.tsx';
import { openPicker, PICKER_ACCEPT, registerPicker } from './picker.ts';

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
  const source = useAppStore((state) => state.sourceCodec?.id);
  // The person's pick holds until another file is opened; then the new file's dialect is offered.
  const [picked, setPicked] = useState<{ codec: string; forSource: string | undefined } | null>(null);
  const codec = picked !== null && picked.forSource === source ? picked.codec : (source ?? DEFAULT_EXPORT_CODEC);
  const [dialects, setDialects] = useState<{ id: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    void exportDialects().then((list) => live && setDialects(list));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="flex items-center gap-1">
      <button type="button" className={toolbarButton} onClick={() => void exportToFileLater(codec)} title="Download the conversation as a JSON file in the chosen dialect">
        Export
      </button>
      {dialects.length > 1 && (
        <select aria-label="Export dialect" className={`${toolbarSelect} max-w-48`} value={codec} onChange={(event) => setPicked({ codec: event.target.value, forSource: source })}>
          {dialects.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
