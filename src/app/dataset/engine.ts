/**
 * The codec-dependent half of the dataset slice (store/dataset-slice.ts): decoding a record's
 * bytes or text, encoding an edited record in its own dialect, the list's summary of a record.
 * Loaded with the dataset pipeline, not at start-up (the codecs and zod are not start-up code).
 */
import { decodeRecordBytes, decodeRecordText, encodeRecordLine, findCodec } from '../../core/index.ts';
import { registerDatasetEngine, type DatasetEngine } from '../store/index.ts';
import { rowContent } from './row-content.ts';

export const datasetEngine: DatasetEngine = {
  decode: (input, line) => (typeof input === 'string' ? decodeRecordText(input, line) : decodeRecordBytes(input, line)),
  content: rowContent,
  // decodeRecord* lists the reader's diagnostics only (record-decode.ts): the record's checks
  // are recomputed live as it is edited, so these are kept as the open's warnings.
  readerDiagnostics: (result) => result.diagnostics,
  encode: (record, dialect, original, originalText) => encodeRecordLine(record, dialect, original, originalText).text,
  dialectLabel: (dialect) => findCodec(dialect)?.label ?? dialect,
};

registerDatasetEngine(datasetEngine);
