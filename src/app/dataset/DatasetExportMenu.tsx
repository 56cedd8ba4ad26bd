/** The dataset's export choices: the whole file (byte-exact where untouched), the edited or flagged records, every record in another dialect. */
import { useRef, useState } from 'react';
import { CODECS } from '../../core/index.ts';
import { DEFAULT_EXPORT_CODEC } from '../files/export-default.ts';
import { compactButton, mutedText, toolbarButton, toolbarSelect } from '../layout/ui.ts';
import { readingRefusal, useAppStore } from '../store/index.ts';
import { exportDatasetAs, exportEditedOrFlagged, exportWholeDataset } from './export-dataset.ts';
import { ParquetExportButton } from './parquet/ParquetExportButton.tsx';
import { ReadAllButton } from './parquet/ReadAllButton.tsx';

export function DatasetExportMenu() {
  const source = useAppStore((state) => state.sourceCodec?.id);
  // The person's pick holds while the records come from the same dialect; else the dialect they came from (issue 24).
  const [picked, setPicked] = useState<{ codec: string; forSource: string | undefined } | null>(null);
  const dialect = picked !== null && picked.forSource === source ? picked.codec : (source ?? DEFAULT_EXPORT_CODEC);
  const setDialect = (codec: string) => setPicked({ codec, forSource: source });
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const refusal = useAppStore((state) => readingRefusal(state, 'Export'));
  /** Run an export and fold the menu away. */
  const run = (action: () => void | Promise<void>) => () => {
    if (menu.current) menu.current.open = false;
    // The export says every outcome in a notice; its promise never rejects.
    void action();
  };
  return (
    <details ref={menu} className="relative">
      <summary className={`${compactButton} cursor-pointer list-none`}>Export…</summary>
      <div className="absolute right-0 z-20 mt-1 flex w-72 flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {refusal && (
          <p role="status" className={`text-xs ${mutedText}`}>
            {refusal}
          </p>
        )}
        {refusal && <ReadAllButton purpose="export" />}
        <ParquetExportButton onRun={() => menu.current && (menu.current.open = false)} />
        <button type="button" className={toolbarButton} onClick={run(exportWholeDataset)} title="Every record; untouched ones byte for byte">
          Export the whole file
        </button>
        <button type="button" className={toolbarButton} onClick={run(exportEditedOrFlagged)} title="Only the records you edited or flagged">
          Export edited and flagged records
        </button>
        <div className="flex flex-col gap-1 border-t border-slate-200 pt-2 dark:border-slate-700">
          <label className={`text-xs ${mutedText}`} htmlFor="dataset-export-dialect">
            Every record in another dialect (JSON Lines)
          </label>
          <div className="flex gap-1">
            <select id="dataset-export-dialect" className={`${toolbarSelect} min-w-0 flex-1`} value={dialect} onChange={(event) => setDialect(event.currentTarget.value)}>
              {CODECS.map((codec) => (
                <option key={codec.id} value={codec.id}>
                  {codec.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={toolbarButton}
              disabled={busy}
              onClick={run(() => {
                setBusy(true);
                exportDatasetAs(dialect)
                  .catch((thrown: unknown) => useAppStore.getState().showNotice({ tone: 'error', title: `Export failed: ${thrown instanceof Error ? thrown.message : String(thrown)}` }))
                  .finally(() => setBusy(false));
              })}
            >
              {busy ? 'Exporting…' : 'Export'}
            </button>
          </div>
        </div>
      </div>
    </details>
  );
}
