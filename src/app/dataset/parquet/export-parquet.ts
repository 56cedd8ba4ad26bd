/**
 * Export Parquet: the dataset's records (edits, deletions and added records included) written
 * back into the Parquet files it was opened from (core's ParquetOutput): every other column,
 * the row order and the schema kept, one row group of the origin at a time (its rows, and its
 * records cut from the dataset's JSON Lines in one read). The file is rewritten, not patched:
 * its bytes differ, the values of untouched rows do not. An added row's other columns are null;
 * a column that cannot be null makes the export refuse with its name, as does a column the
 * writer cannot give back unchanged; nothing is downloaded then.
 */
import { ParquetOutput, parquetOrigin, type DatasetIndex } from '../../../core/index.ts';
import { ByteWriter } from 'hyparquet-writer';
import { downloadFile } from '../../layout/download-file.ts';
import { datasetEdits, readingRefusal, useAppStore } from '../../store/index.ts';
import { exportName } from '../export-dataset.ts';
import { exportRows, hasAddedRows } from './export-rows.ts';
import { parquetOriginOf } from './parquet-origin.ts';
import { openShards } from './shards.ts';
import { placeTitle } from './where.ts';

const UTF8 = new TextDecoder();

/** A record's JSON text as the record the output takes (null: not a JSON object, written as nulls). */
function recordOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The original texts of records [from, to) of the dataset's JSON Lines, in one read. */
async function originalTexts(source: Blob, index: DatasetIndex, from: number, to: number): Promise<string[]> {
  if (to <= from) return [];
  const { records } = index;
  const base = records.start(from);
  const bytes = new Uint8Array(await source.slice(base, records.end(to - 1)).arrayBuffer());
  const texts: string[] = [];
  for (let id = from; id < to; id++) texts.push(UTF8.decode(bytes.subarray(records.start(id) - base, records.end(id) - base)));
  return texts;
}

/** The rewritten Parquet file. Throws with a message for people. */
export async function parquetExportBytes(): Promise<{ bytes: ArrayBuffer; name: string; rows: number }> {
  const state = useAppStore.getState();
  const dataset = state.dataset;
  const origin = parquetOriginOf(dataset?.source);
  if (!dataset || !origin) throw new Error('the open dataset was not opened from a Parquet file');
  const unwritten = state.commitCurrent();
  if (unwritten) throw new Error(`${placeTitle(dataset.source, unwritten.line)} could not be written as edited: ${unwritten.message}`);
  const edits = datasetEdits(useAppStore.getState());
  const shards = await openShards(origin.shards, origin.columns);
  if (shards.count !== dataset.count) throw new Error(`the Parquet files now have ${shards.count} rows, the dataset ${dataset.count}: were they changed on disk?`);
  const first = shards.sources[0];
  if (!first) throw new Error('the dataset has no Parquet file');
  const plan = exportRows(edits, shards.groups);
  if (hasAddedRows(plan)) {
    const required = first.schema.children.find((node) => !origin.columns.includes(node.element.name) && node.element.repetition_type === 'REQUIRED');
    if (required) throw new Error(`records were added, and an added row has no value for the column "${required.element.name}", which Parquet's schema requires in every row; export JSON Lines, or delete the added records`);
  }
  const writer = new ByteWriter();
  const output = new ParquetOutput(writer, parquetOrigin(first.metadata, shards.conversation.names));
  let written = 0;
  for (let g = 0; g < shards.groups.length; g++) {
    const entries = plan[g] ?? [];
    const group = shards.groups[g];
    if (!group || entries.length === 0) continue;
    const rows = await shards.readRows(g);
    const texts = await originalTexts(dataset.source, dataset.index, group.start, group.start + group.rows);
    const windowRows: Record<string, unknown>[] = [];
    const records: (Record<string, unknown> | null)[] = [];
    for (const entry of entries) {
      if ('row' in entry) {
        windowRows.push(rows[entry.row - group.start] ?? {});
        records.push(recordOf(entry.text ?? texts[entry.row - group.start] ?? 'null'));
      } else {
        windowRows.push({});
        const { added } = entry;
        const text = typeof added === 'string' ? added : ((await originalTexts(dataset.source, dataset.index, added.copyOf, added.copyOf + 1))[0] ?? 'null');
        records.push(recordOf(text));
      }
    }
    await output.write({ rows: windowRows, records, start: written });
    written += entries.length;
  }
  await output.finish();
  return { bytes: writer.getBuffer(), name: exportName(dataset.name, 'parley', '.parquet'), rows: written };
}

export async function exportParquet(): Promise<void> {
  const notice = useAppStore.getState().showNotice;
  const refusal = readingRefusal(useAppStore.getState(), 'Export');
  if (refusal) {
    notice({ tone: 'info', title: `${refusal} Nothing was written.` });
    return;
  }
  try {
    const { bytes, name, rows } = await parquetExportBytes();
    downloadFile(new Blob([bytes], { type: 'application/vnd.apache.parquet' }), name);
    notice({ tone: 'success', title: `Exported ${name}: the Parquet file is rewritten, not patched byte for byte; its ${rows.toLocaleString('en')} rows keep their order, every other column and the schema.` });
  } catch (thrown) {
    notice({ tone: 'error', title: `Parquet export refused: ${thrown instanceof Error ? thrown.message : String(thrown)}. Nothing was written.` });
  }
}
