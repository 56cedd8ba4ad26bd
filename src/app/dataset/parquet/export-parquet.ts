/**
 * Export Parquet: the dataset's records (edits included, as the JSON Lines export writes them)
 * written back into the Parquet file it was opened from (core's ParquetOutput): every other
 * column, the row order and the schema kept, row group by row group. The file is rewritten,
 * not patched: its bytes differ, the values of untouched rows do not. A column the writer
 * cannot give back unchanged stops the export with its name; nothing is downloaded.
 */
import { ParquetOutput, parquetOrigin } from '../../../core/index.ts';
import { ByteWriter } from 'hyparquet-writer';
import { downloadFile } from '../../layout/download-file.ts';
import { useAppStore } from '../../store/index.ts';
import { exportName, writtenDataset } from '../export-dataset.ts';
import { parquetOriginOf } from './parquet-origin.ts';
import { openShards } from './shards.ts';

/** The records of the JSON Lines export, one per line (none is blank: each row made one line). */
function recordsOf(text: string): (Record<string, unknown> | null)[] {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line) => {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  });
}

/** The rewritten Parquet file. Throws with a message for people. */
export async function parquetExportBytes(): Promise<{ bytes: ArrayBuffer; name: string; rows: number }> {
  const state = useAppStore.getState();
  const dataset = state.dataset;
  const origin = parquetOriginOf(dataset?.source);
  if (!dataset || !origin) throw new Error('the open dataset was not opened from a Parquet file');
  const { blob, unwritten } = writtenDataset();
  if (unwritten) throw new Error(`line ${unwritten.line} could not be written as edited: ${unwritten.message}`);
  const records = recordsOf(await blob.text());
  const source = await openShards(origin.shards, origin.columns);
  if (records.length !== source.count) throw new Error(`the dataset has ${records.length} records and the Parquet file ${source.count} rows`);
  const writer = new ByteWriter();
  const first = source.sources[0];
  if (!first) throw new Error('the dataset has no Parquet file');
  const output = new ParquetOutput(writer, parquetOrigin(first.metadata, source.conversation.names));
  // Row group by row group from the origin files, in order: one row group's rows in memory at a time.
  for (let g = 0; g < source.groups.length; g++) {
    const rows = await source.readRows(g);
    const start = source.groups[g]?.start ?? 0;
    await output.write({ rows, records: records.slice(start, start + rows.length), start });
  }
  await output.finish();
  return { bytes: writer.getBuffer(), name: exportName(dataset.name, 'parley', '.parquet'), rows: source.count };
}

export async function exportParquet(): Promise<void> {
  const notice = useAppStore.getState().showNotice;
  try {
    const { bytes, name, rows } = await parquetExportBytes();
    downloadFile(new Blob([bytes], { type: 'application/vnd.apache.parquet' }), name);
    notice({ tone: 'success', title: `Exported ${name}: the Parquet file is rewritten, not patched byte for byte; its ${rows.toLocaleString('en')} rows keep their order, every other column and the schema.` });
  } catch (thrown) {
    notice({ tone: 'error', title: `Parquet export refused: ${thrown instanceof Error ? thrown.message : String(thrown)}. Nothing was written.` });
  }
}
