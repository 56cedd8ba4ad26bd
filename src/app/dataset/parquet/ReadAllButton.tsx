/**
 * "Read all 12.3 MB to search": the one choice that reads every row of a dataset opened on
 * demand (a remote split), shown where whole-dataset work is refused, the download's size on it.
 * Nothing is fetched for whole-dataset work without it.
 */
import { formatBytes } from '../../files/limits.ts';
import { toolbarButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';

/** `purpose`: what reading all is for here ("search", "check every record", "export"). */
export function ReadAllButton({ purpose }: { purpose: string }) {
  const bytes = useAppStore((state) => (state.datasetReading?.onDemand && !state.datasetReading.stopped ? state.datasetReading.onDemand.bytes : undefined));
  if (bytes === undefined) return null;
  return (
    <button type="button" className={toolbarButton} title="Downloads every row's conversation; the rows read, edits and the open record stay" onClick={() => void import('../open-dataset.ts').then(({ readAllRows }) => readAllRows())}>
      Read all {formatBytes(bytes)} to {purpose}
    </button>
  );
}
