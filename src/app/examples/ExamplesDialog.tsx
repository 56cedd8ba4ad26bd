/** The examples gallery: every example of specs 000, 001 (Apertus) and 003 (OpenChatML), grouped by spec. */
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { toolbarButton } from '../layout/ui.ts';

const ExamplesList = lazy(() => import('./ExamplesList.tsx'));

export function ExamplesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={toolbarButton} onClick={() => setOpen(true)}>
        Examples
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Examples" description="Every example of the Apertus and OpenChatML specifications, each in its format. Opening one replaces the conversation (Undo brings it back)." width="max-w-3xl">
        <Suspense fallback={<p className="text-sm">Loading the examples…</p>}>
          <ExamplesList onOpened={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
