/**
 * Parquet files with version 1 data pages, for tests: pyarrow's default page version, which
 * hyparquet-writer does not write (it writes DATA_PAGE_V2 only), and pyarrow is not packaged
 * for this project's Debian. A file hyparquet-writer wrote is rewritten page by page: each
 * DATA_PAGE_V2 (levels apart and uncompressed, values compressed) becomes a DATA_PAGE (each
 * level run with its 4-byte length, then the values, compressed together), as the Parquet
 * format defines it; dictionary pages are copied; the footer is written again with the new
 * offsets and sizes. hyparquet reads both kinds of page, so the general way is the reference.
 */
import { parquetMetadata, type ColumnMetaData, type PageHeader } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { decompressPage } from 'hyparquet/src/datapage.js';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { snappyCompress } from 'hyparquet-writer/src/snappy.js';

const MAGIC = 0x31524150; // "PAR1", little-endian

function lengthPrefixed(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length, true);
  out.set(bytes, 4);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `file` (hyparquet-writer's, SNAPPY or UNCOMPRESSED) with every data page written as version 1. */
export function withV1Pages(file: ArrayBuffer): ArrayBuffer {
  const metadata = parquetMetadata(file);
  const out = new ByteWriter();
  out.appendUint32(MAGIC);
  for (const group of metadata.row_groups) {
    let groupStart: number | undefined;
    for (const chunk of group.columns) {
      const meta = chunk.meta_data as ColumnMetaData;
      const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
      const end = start + Number(meta.total_compressed_size);
      const reader = { view: new DataView(file, start, end - start), offset: 0 };
      const chunkStart = out.offset;
      groupStart ??= chunkStart;
      let dictionaryAt: number | undefined;
      let dataAt: number | undefined;
      let uncompressed = 0;
      while (reader.offset < end - start) {
        const header: PageHeader = parquetHeader(reader);
        const body = new Uint8Array(file, start + reader.offset, header.compressed_page_size);
        reader.offset += header.compressed_page_size;
        const headerAt = out.offset;
        if (header.type === 'DICTIONARY_PAGE') {
          dictionaryAt = out.offset;
          writePageHeader(out, header);
          out.appendBytes(body);
          uncompressed += out.offset - headerAt - body.length + header.uncompressed_page_size;
          continue;
        }
        const v2 = header.data_page_header_v2;
        if (header.type !== 'DATA_PAGE_V2' || !v2) throw new Error(`withV1Pages: a ${header.type} page`);
        dataAt ??= out.offset;
        const repetitionBytes = v2.repetition_levels_byte_length;
        const definitionBytes = v2.definition_levels_byte_length;
        const compressedValues = body.subarray(repetitionBytes + definitionBytes);
        const values = v2.is_compressed === false ? compressedValues : decompressPage(compressedValues, header.uncompressed_page_size - repetitionBytes - definitionBytes, meta.codec, undefined);
        const page = concat([...(repetitionBytes > 0 ? [lengthPrefixed(body.subarray(0, repetitionBytes))] : []), ...(definitionBytes > 0 ? [lengthPrefixed(body.subarray(repetitionBytes, repetitionBytes + definitionBytes))] : []), values]);
        let compressed = page;
        if (meta.codec === 'SNAPPY') compressed = snappyCompress(page);
        else if (meta.codec !== 'UNCOMPRESSED') throw new Error(`withV1Pages: codec ${meta.codec}`);
        writePageHeader(out, { type: 'DATA_PAGE', uncompressed_page_size: page.length, compressed_page_size: compressed.length, data_page_header: { num_values: v2.num_values, encoding: v2.encoding, definition_level_encoding: 'RLE', repetition_level_encoding: 'RLE' } });
        out.appendBytes(compressed);
        uncompressed += out.offset - headerAt - compressed.length + page.length;
      }
      meta.data_page_offset = BigInt(dataAt ?? chunkStart);
      if (dictionaryAt !== undefined) meta.dictionary_page_offset = BigInt(dictionaryAt);
      meta.total_compressed_size = BigInt(out.offset - chunkStart);
      meta.total_uncompressed_size = BigInt(uncompressed);
      if (meta.encoding_stats) meta.encoding_stats = meta.encoding_stats.map((stat) => (stat.page_type === 'DATA_PAGE_V2' ? { ...stat, page_type: 'DATA_PAGE' } : stat));
      chunk.file_offset = BigInt(chunkStart);
    }
    if (groupStart !== undefined) group.file_offset = BigInt(groupStart);
  }
  const footerStart = out.offset;
  writeMetadata(out, metadata);
  out.appendUint32(out.offset - footerStart);
  out.appendUint32(MAGIC);
  return out.getBuffer();
}
