/**
 * Paste JSON text to open it, its dialect detected or chosen ("Read as"). The form loads with
 * the open pipeline on first use (PasteForm.tsx); the draft is kept here while the dialog is closed.
 */
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { mutedText } from '../layout/ui.ts';

const PasteForm = lazy(() => import('./PasteForm.tsx'));

export function PasteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState('');
  return (
    <Dialog open={open} onClose={onClose} title="Paste JSON" description="A conversation as JSON in any dialect Parley reads (detected, or chosen under Read as), or JSON Lines (the first record is opened).">
      <Suspense fallback={<p className={`text-sm ${mutedText}`}>Loading…</p>}>
        <PasteForm text={draft} onTextChange={setDraft} onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}
