/**
 * The conversation column of a dataset opened from Parquet: the detected one shown, the other
 * choices of the file offered (core's conversationCandidates: list-of-struct columns,
 * `conversations`, the `prompt`/`chosen`/`rejected` columns together). Choosing one opens the
 * files again with it (after asking, when there are changes that would be lost); a remote
 * dataset opens on demand again: reading every row of the new column is the person's choice.
 */
import { mutedText, toolbarSelect } from '../../layout/ui.ts';
import { confirmLeaveDataset, useAppStore } from '../../store/index.ts';
import { parquetOriginOf } from './parquet-origin.ts';

const SEPARATOR = ' + ';

export function ParquetColumnChooser() {
  const dataset = useAppStore((state) => state.dataset);
  const origin = parquetOriginOf(dataset?.source);
  if (!dataset || !origin) return null;
  const current = origin.columns.join(SEPARATOR);
  const choices = origin.candidates.map((names) => names.join(SEPARATOR));
  if (!choices.includes(current)) choices.unshift(current);
  const choose = (value: string): void => {
    if (value === current || !confirmLeaveDataset()) return;
    const columns = value.split(SEPARATOR);
    void import('../open-dataset.ts').then(({ openParquetDataset }) => openParquetDataset(origin.shards, dataset.name, { columns, readAll: false }));
  };
  return (
    <label className="flex items-center gap-1.5 text-sm">
      Column
      <select aria-label="Read the records from the column" className={`${toolbarSelect} h-7 min-w-0 flex-1`} value={current} onChange={(event) => choose(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
            {choice === current && origin.how !== 'named' ? ' (detected)' : ''}
          </option>
        ))}
      </select>
      <span className={`text-xs ${mutedText}`}>{choices.length === 1 ? 'the only one found' : `${choices.length} found`}</span>
    </label>
  );
}
