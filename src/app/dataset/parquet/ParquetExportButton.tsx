/** "Export Parquet (rewritten)" in the dataset's export menu, for a dataset opened from a Parquet file. */
import { useState } from 'react';
import { mutedText, toolbarButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { exportParquet } from './export-parquet.ts';
import { parquetOriginOf } from './parquet-origin.ts';

export function ParquetExportButton({ onRun }: { onRun: () => void }) {
  const source = useAppStore((state) => state.dataset?.source);
  const [busy, setBusy] = useState(false);
  if (!parquetOriginOf(source)) return null;
  return (
    <div className="flex flex-col gap-1 border-b border-slate-200 pb-2 dark:border-slate-700">
      <button
        type="button"
        className={toolbarButton}
        disabled={busy}
        onClick={() => {
          onRun();
          setBusy(true);
          void exportParquet().finally(() => setBusy(false));
        }}
      >
        {busy ? 'Exporting…' : 'Export Parquet'}
      </button>
      <p className={`text-xs ${mutedText}`}>The Parquet file is rewritten, not patched byte for byte: every other column, the row order and the schema are kept. The whole-file export writes JSON Lines.</p>
    </div>
  );
}
