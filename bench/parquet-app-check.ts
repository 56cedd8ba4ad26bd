/** The app's check pass over one part of an indexed JSON Lines Blob (worker-logic.ts checkRecords, ChatML, the app's rowContent), for bench/parquet-app.bench.ts and its thread. */
import { decodeRecordBytes, dialectContextOf, recordLine, type CheckProfile, type DatasetIndex } from '../src/core/index.ts';
import { rowContent } from '../src/app/dataset/row-content.ts';
import { checkRecords, partSize, CONTENT_BATCH } from '../src/app/dataset/worker-logic.ts';

export const PROFILE: CheckProfile = { formatId: 'chatml' };

/** Checks part `part` of `parts` (the app's stripes); returns the rows checked. */
export async function checkPart(file: Blob, index: DatasetIndex, part: number, parts: number): Promise<number> {
  const context = dialectContextOf(PROFILE);
  let rows = 0;
  await checkRecords(index, {
    read: async (from, to) => new Uint8Array(await file.slice(from, to).arrayBuffer()),
    decode: (bytes, line) => decodeRecordBytes(bytes, line, context),
    content: (result) => rowContent(result, PROFILE),
    emit: (_from, contents) => {
      rows += contents.length;
    },
    onProgress: () => undefined,
    line: (i) => recordLine(index, i),
    part,
    parts,
  });
  const expected = partSize(index.records.count, CONTENT_BATCH, part, parts);
  if (rows !== expected) throw new Error(`checked ${rows} of ${expected}`);
  return rows;
}
