/** "Export with statuses": the whole dataset as Save writes it, each reviewed record with its verdict in a field the person named (status-field.ts). */
import { toBlobParts, writeDataset } from '../../core/index.ts';
import { downloadReviewBeside, exportName } from '../dataset/export-dataset.ts';
import { downloadFile } from '../layout/download-file.ts';
import { datasetEdits, readingRefusal, readRecordInput, useAppStore } from '../store/index.ts';
import { statusFieldProblem, withStatusField } from './status-field.ts';

export async function exportWithStatuses(field: string, download: (blob: Blob, name: string) => void = downloadFile): Promise<void> {
  const app = useAppStore.getState();
  const dataset = app.dataset;
  if (!dataset) return;
  // Every record is written: not while some are still to be read.
  const refusal = readingRefusal(app, 'Export');
  if (refusal) {
    app.showNotice({ tone: 'error', title: refusal });
    return;
  }
  const problem = statusFieldProblem(field);
  if (problem) {
    app.showNotice({ tone: 'error', title: problem });
    return;
  }
  app.commitCurrent();
  const state = useAppStore.getState();
  const edits = datasetEdits(state);
  const edited = new Map(edits.edited);
  let written = 0;
  const notObjects: number[] = [];
  const decoder = new TextDecoder();
  for (let id = 0; id < dataset.count; id++) {
    const row = state.datasetRows[id];
    if (!row || row.blank || row.status === 'unreviewed' || edits.deleted?.has(id)) continue;
    const input = await readRecordInput(state, id);
    const next = withStatusField(typeof input === 'string' ? input : decoder.decode(input), field, row.status);
    if (next === undefined) notObjects.push(row.line);
    else {
      edited.set(id, next);
      written++;
    }
  }
  const parts = writeDataset(dataset.index, { ...edits, edited });
  const name = exportName(dataset.name, 'reviewed');
  const blob = new Blob(toBlobParts(parts, dataset.source) as BlobPart[], { type: dataset.format === 'jsonl' ? 'application/jsonl' : 'application/json' });
  download(blob, name);
  app.showNotice({
    tone: notObjects.length > 0 ? 'error' : 'success',
    title: `Exported ${name}: ${written} reviewed record(s) with their status in "${field}".${notObjects.length > 0 ? ` ${notObjects.length} reviewed line(s) are not JSON objects and were written as they were.` : ''} Records added in the app are written without it.`,
    ...(notObjects.length > 0 ? { details: notObjects.slice(0, 20).map((line) => `Line ${line}: not a JSON object`) } : {}),
  });
  // Labels and comments are not in the field: the review file beside it carries them.
  await downloadReviewBeside(blob, name, undefined, download);
}
