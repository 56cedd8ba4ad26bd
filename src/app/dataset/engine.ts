/**
 * The codec-dependent half of the dataset slice (store/dataset-slice.ts): decoding a record's
 * bytes or text, encoding an edited record in its own dialect, the list's summary of a record.
 * Loaded with the dataset pipeline, not at start-up (the codecs and zod are not start-up code).
 * Decoding and checking follow the store's check profile (profileOf: format, options, rules),
 * as the dataset worker's pass does, so that the open record reads and checks as its row.
 */
import { decodeRecordBytes, decodeRecordText, dialectContextOf, encodeRecordLine, findCodec } from '../../core/index.ts';
import { profileOf, registerDatasetEngine, useAppStore, type DatasetEngine } from '../store/index.ts';
import { rowContent } from './row-content.ts';

export const datasetEngine: DatasetEngine = {
  decode: (input, line) => {
    const context = dialectContextOf(profileOf(useAppStore.getState()));
    return typeof input === 'string' ? decodeRecordText(input, line, context) : decodeRecordBytes(input, line, context);
  },
  content: (result) => rowContent(result, profileOf(useAppStore.getState())),
  // decodeRecord* lists the reader's diagnostics only (record-decode.ts): the record's checks
  // are recomputed live as it is edited, so these are kept as the open's warnings.
  readerDiagnostics: (result) => result.diagnostics,
  encode: (record, dialect, original, originalText) => encodeRecordLine(record, dialect, original, originalText).text,
  dialectLabel: (dialect) => findCodec(dialect)?.label ?? dialect,
};

registerDatasetEngine(datasetEngine);
