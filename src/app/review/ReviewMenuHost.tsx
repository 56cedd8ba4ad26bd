/**
 * What the File menu's review entries (panels/file-menu.ts, dataset mode) need drawn: the hidden
 * input of "Open review file or guidelines…", the "Merge reviewers' work…" dialog and the
 * "Export with statuses…" dialog (which asks for the status field). Mounted while a dataset is
 * open; the entries themselves are data in the menu, so the dataset panel keeps its room for the list.
 */
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../layout/Dialog.tsx';
import { toolbarButton, toolbarInput } from '../layout/ui.ts';
import { closeMenuDialog, useMenuDialog } from '../panels/menu/menu-dialogs.ts';
import { openCompanions } from './open-companions.ts';
import { registerReviewPicker } from './review-picker.ts';
import { STATUS_FIELD_MAX } from './status-field.ts';

const MergeDialog = lazy(() => import('./merge/MergeDialog.tsx').then((module) => ({ default: module.MergeDialog })));

export default function ReviewMenuHost() {
  const dialog = useMenuDialog();
  return (
    <>
      <input
        ref={registerReviewPicker}
        type="file"
        multiple
        hidden
        aria-label="Review file or guidelines to open"
        accept=".jsonl,.md,.markdown"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void openCompanions(files.map((file) => (file.name.toLowerCase().endsWith('.jsonl') && !file.name.toLowerCase().endsWith('.review.jsonl') ? renamed(file) : file)));
        }}
      />
      {dialog === 'merge-reviews' && (
        <Suspense fallback={null}>
          <MergeDialog open onClose={closeMenuDialog} />
        </Suspense>
      )}
      <ExportStatusesDialog open={dialog === 'export-statuses'} onClose={closeMenuDialog} />
    </>
  );
}

/** Export the whole dataset with each reviewed record's status in a field the person names. */
function ExportStatusesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [field, setField] = useState('review');
  return (
    <Dialog open={open} onClose={onClose} title="Export with statuses" width="max-w-md">
      <form
        className="flex flex-wrap items-center gap-2 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
          void import('./export-statuses.ts').then(({ exportWithStatuses }) => exportWithStatuses(field));
        }}
      >
        <label className="flex items-center gap-1 text-sm">
          Status field
          <input className={`${toolbarInput} w-32`} value={field} maxLength={STATUS_FIELD_MAX} onChange={(event) => setField(event.target.value)} />
        </label>
        <button type="submit" className={toolbarButton} title="Export the whole dataset with each reviewed record's status in this field">
          Export with statuses
        </button>
        <button type="button" className={toolbarButton} onClick={onClose}>
          Cancel
        </button>
      </form>
    </Dialog>
  );
}

/** A review file saved under another name (`a.jsonl` picked here): read as a review file all the same. */
function renamed(file: File): File {
  return new File([file], `${file.name.slice(0, -'.jsonl'.length)}.review.jsonl`, { type: file.type });
}
