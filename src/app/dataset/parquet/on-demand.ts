/**
 * A Parquet dataset read on demand (issue 27, item 3; docs/datasets.md "Read on demand"): a
 * remote split opens from its footers alone, and a row's record is fetched only when it is shown
 * (the editors, the rows in view in the list), by the dataset worker's ParquetShards (a block of
 * its row group, by range requests for those pages only).
 *
 * The rows are **sparse**, not appended in order: every row is in the store from the start (ids
 * 0 … N − 1 are the rows, known from the footers), each one's content filled in once it is read,
 * in any order. Appending blocks in order up to the one needed would be the smaller change to
 * the store, but a jump to the last row of a split would then fetch every block before it: the
 * download the person did not choose. With every id there from the start, a later read never
 * moves an id, so edits, statuses, the selection and the open record are untouched by it, and
 * reading every row later (the person's choice) swaps the placeholders for the JSON Lines with
 * the same ids (store growDataset with no new rows).
 */
import { RecordIndex } from '../../../core/index.ts';
import { useAppStore, type DatasetFile, type DatasetRow, type RowContent } from '../../store/index.ts';
import { RECHECK_DELAY_MS } from '../dataset-checks.ts';
import { datasetEngine } from '../engine.ts';
import { openRecord } from '../navigation.ts';

/** Every row of a dataset of `count` rows, none read yet: row n is line n + 1 (one line per row, as read-parquet.ts writes them). */
export function onDemandRows(count: number): DatasetRow[] {
  const rows = new Array<DatasetRow>(count);
  for (let id = 0; id < count; id++) rows[id] = { line: id + 1, blank: false, status: 'unreviewed' };
  return rows;
}

/**
 * The dataset as the store holds it while read on demand: `count` placeholder entries (no bytes
 * of `source` behind them: records come from `readRow`), replaced when every row is read.
 */
export function onDemandFile(name: string, size: number, count: number, source: Blob, readRow: (id: number) => Promise<string>): DatasetFile {
  const records = RecordIndex.fromData({ count, starts: new Float64Array(count), ends: new Float64Array(count), flags: new Uint8Array(count) });
  return { name, size, format: 'jsonl', source, index: { format: 'jsonl', records, bomLength: 0, size: 0 }, fingerprint: { size: 0, hash: '' }, count, readRow };
}

/** Rows asked for and not answered yet, so that a list scrolled back and forth asks once. */
const pending = new Set<number>();
/** The rows last asked for (the list's rows in view), read again after a change of check profile. */
let inView: readonly number[] = [];

/**
 * The list's contents of the rows `ids` of a dataset read on demand, read (their blocks fetched)
 * when not read yet: the rows in view. Rows read, edited (their edit's content is there) or not
 * of the dataset are left alone. Resolves when they are in the store; a failure is said once.
 */
export async function loadRowContents(ids: readonly number[]): Promise<void> {
  const state = useAppStore.getState();
  const { dataset } = state;
  const readRow = dataset?.readRow;
  if (!dataset || !readRow) return;
  inView = ids;
  const wanted = ids.filter((id) => {
    const row = state.datasetRows[id];
    return id < dataset.count && row !== undefined && !row.summary && !row.problem && !state.datasetChanges.edited.has(id) && !pending.has(id);
  });
  if (wanted.length === 0) return;
  for (const id of wanted) pending.add(id);
  try {
    const texts = await Promise.all(wanted.map((id) => readRow(id)));
    const now = useAppStore.getState();
    // Another dataset opened meanwhile, or every row read: these contents are not for it.
    if (now.dataset?.readRow !== readRow) return;
    const engine = datasetEngine;
    const contents = new Map<number, RowContent>();
    wanted.forEach((id, i) => {
      const row = now.datasetRows[id];
      const text = texts[i];
      if (row && text !== undefined && !row.summary && !row.problem && !now.datasetChanges.edited.has(id)) contents.set(id, engine.content(engine.decode(text, row.line)));
    });
    if (contents.size > 0) now.setRowContents(contents);
  } catch (thrown) {
    if (useAppStore.getState().dataset?.readRow === readRow) useAppStore.getState().showNotice({ tone: 'error', title: `Rows could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}` });
  } finally {
    for (const id of wanted) pending.delete(id);
  }
}

/**
 * Another check profile (format, its options, rules, Read as): a dataset read on demand has no
 * check pass to summarise its rows again (dataset-checks.ts starts once every row is read), so
 * the rows read are checked again here: their contents dropped (a row not in view is checked
 * when it comes into view again; its block is likely still kept by the worker), the edited ones
 * from their texts, the rows in view at once, and the open record read again when it has no
 * edit in the editors (as dataset-checks.ts does).
 */
function recheckRead(): void {
  const state = useAppStore.getState();
  const { dataset, datasetRows, datasetChanges } = state;
  if (!dataset?.readRow) return;
  const contents = new Map<number, RowContent>();
  datasetRows.forEach((row, id) => {
    if (!row.summary && !row.problem) return;
    const edit = datasetChanges.edited.get(id);
    contents.set(id, edit === undefined ? {} : datasetEngine.content(datasetEngine.decode(edit, row.line)));
  });
  if (contents.size > 0) state.setRowContents(contents);
  void loadRowContents(inView);
  const { currentRecord, datasetLoaded, record } = useAppStore.getState();
  if (currentRecord !== null && datasetLoaded && !(datasetLoaded.ok && record !== datasetLoaded.record)) openRecord(currentRecord);
}

let recheckTimer: ReturnType<typeof setTimeout> | undefined;

useAppStore.subscribe((state, previous) => {
  if (!state.dataset?.readRow) return;
  if (state.formatId === previous.formatId && state.formatOptions === previous.formatOptions && state.datasetRules === previous.datasetRules && state.datasetReadAs === previous.datasetReadAs) return;
  // Typing a Jinja template changes the profile at every key: checked again once it settles.
  clearTimeout(recheckTimer);
  recheckTimer = setTimeout(recheckRead, RECHECK_DELAY_MS);
});
