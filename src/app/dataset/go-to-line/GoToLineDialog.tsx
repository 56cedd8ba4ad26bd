/**
 * "Go to line…" (File menu, or Ctrl+G in dataset mode): opens the record that starts at line N
 * of the file (in a Parquet dataset, "Go to row": the record at row N, from 0); a line outside the
 * file, blank or inside a record is said in the dialog, which stays open to try another number.
 */
import { useEffect, useState } from 'react';
import { Dialog } from '../../layout/Dialog.tsx';
import { primaryButton, toolbarButton, toolbarInput } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { openMenuDialog } from '../../panels/menu/menu-dialogs.ts';
import { openRecord } from '../navigation.ts';
import { parquetOriginOf } from '../parquet/parquet-origin.ts';
import { recordAtLine, recordAtRow } from './go-to-line.ts';

/** Ctrl+G (⌘G) opens "Go to line…" while a dataset is open. */
export function useGoToLineShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'g') return;
      if (useAppStore.getState().dataset === null) return;
      event.preventDefault();
      event.stopPropagation();
      openMenuDialog('go-to-line');
    };
    // Capture phase: before Monaco's own Ctrl+G (its "go to line" of the preview's text).
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

/** Go to the record at `place` (a line, or a row of a Parquet dataset); the reason when there is none. */
function goTo(place: number, byRow: boolean): string | null {
  const state = useAppStore.getState();
  const deleted = state.datasetChanges.deleted;
  const rows = state.datasetRows.map((row, id) => (deleted.has(id) ? undefined : row));
  const target = byRow ? recordAtRow(rows, place) : recordAtLine(rows, place);
  if (!target.ok) return target.message;
  openRecord(target.id);
  return null;
}

export default function GoToLineDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A Parquet dataset's records are rows, numbered from 0 as the list shows them (where.ts).
  const byRow = useAppStore((state) => parquetOriginOf(state.dataset?.source) !== undefined);
  useEffect(() => {
    if (open) setProblem(null);
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} title={byRow ? 'Go to row' : 'Go to line'} description={byRow ? 'Opens the record at this row of the Parquet file (rows are numbered from 0, as in the list).' : 'Opens the record that starts at this line of the file.'} width="max-w-sm">
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const reason = goTo(Number(text.trim() === '' ? Number.NaN : text), byRow);
          setProblem(reason);
          if (reason === null) onClose();
        }}
      >
        <label className="flex items-center gap-2 text-sm">
          {byRow ? 'Row number' : 'Line number'}
          <input
            type="number"
            min={byRow ? 0 : 1}
            step={1}
            className={`${toolbarInput} w-32`}
            value={text}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'parley-go-to-line-problem' : undefined}
            onChange={(event) => setText(event.currentTarget.value)}
            autoFocus
          />
        </label>
        {problem && (
          <p id="parley-go-to-line-problem" role="alert" aria-label="Line problem" className="text-sm text-red-800 dark:text-red-300">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={toolbarButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton}>
            Go
          </button>
        </div>
      </form>
    </Dialog>
  );
}
