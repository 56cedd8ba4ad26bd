/**
 * The codec-dependent half of the dataset slice (store/dataset-slice.ts): decoding a record's
 * bytes or text, encoding an edited record in its own dialect, the list's summary of a record.
 * Loaded with the dataset pipeline, not at start-up (the codecs and zod are not start-up code).
 */
import { decodeRecordBytes, decodeRecordText, encodeRecordLine, findCodec, validateRecord } from '../../core/index.ts';
import { registerDatasetEngine, type DatasetEngine } from '../store/index.ts';
import { rowContent } from './row-content.ts';

export const datasetEngine: DatasetEngine = {
  decode: (input, line) => (typeof input === 'string' ? decodeRecordText(input, line) : decodeRecordBytes(input, line)),
  content: rowContent,
  // decodeRecord* lists the reader's diagnostics, then validateRecord's (record-decode.ts): the
  // latter are recomputed live as the record is edited, so only the reader's are kept as the
  // open's warnings (else a fixed problem would still be listed).
  readerDiagnostics: (result) => result.diagnostics.slice(0, result.diagnostics.length - validateRecord(result.record).length),
  encode: (record, dialect, original, originalText) => encodeRecordLine(record, dialect, original, originalText).text,
  dialectLabel: (dialect) => findCodec(dialect)?.label ?? dialect,
};

registerDatasetEngine(datasetEngine);
