/**
 * A row group's records as JSON Lines bytes, read straight from the column chunks' pages: the
 * shape nearly every chat dataset has (a list of structs of text fields, such as `messages`
 * of {role, content}, or plain text columns such as `prompt`) is written from the pages'
 * levels and values, without assembling rows as objects; the lines are the bytes of
 * `JSON.stringify(source.recordOf(row))` (the contract, tested against that path).
 *
 * Why: assembled as objects (hyparquet's `parquetReadObjects`), a row group of 20,000 chats
 * made 200,000 objects, 400,000 strings and their garbage, and the command checked Parquet at
 * 0.42× the records per second of the same data as JSON Lines. Here a text value is a view of
 * its page's bytes, copied once into the line.
 *
 * Any other shape, page encoding or a null list element (which hyparquet reads as `{}`) makes
 * `fastRowGroupLines` say so (undefined), and the caller reads that row group the general way.
 */
import type { ColumnMetaData, Compressors, FileMetaData, PageHeader, SchemaTree } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { decompressPage } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import type { AsyncBuffer } from 'hyparquet';
import { JsonBytes, writeParquetText } from './parquet-json.ts';

/** A text leaf: BYTE_ARRAY that hyparquet reads as text (`stringFromBytes`), nothing else. */
function isTextLeaf(node: SchemaTree): boolean {
  const { element } = node;
  if (node.children.length > 0 || element.type !== 'BYTE_ARRAY' || element.repetition_type === 'REPEATED') return false;
  const converted = element.converted_type;
  const logical = element.logical_type?.type;
  return (converted === undefined || converted === 'UTF8' || converted === 'ENUM') && (logical === undefined || logical === 'STRING' || logical === 'ENUM');
}

/** How one conversation column is written: a text column, or a list of structs of text fields. */
export type FastColumn = { kind: 'text'; name: string; leaf: SchemaTree; path: SchemaTree[] } | { kind: 'struct-list'; name: string; column: SchemaTree; element: SchemaTree; leaves: SchemaTree[]; paths: SchemaTree[][] };

/**
 * The fast plan of these columns, or undefined when one of them has another shape. A list is
 * taken only in the standard three-level form (`LIST` → repeated group of one child → the
 * element struct), the form hyparquet itself reads as a list of that struct.
 */
export function fastColumnsOf(schema: SchemaTree, names: readonly string[]): FastColumn[] | undefined {
  const plan: FastColumn[] = [];
  for (const name of names) {
    const column = schema.children.find((node) => node.element.name === name);
    if (!column) return undefined;
    if (isTextLeaf(column)) {
      plan.push({ kind: 'text', name, leaf: column, path: [schema, column] });
      continue;
    }
    const repeated = column.children[0];
    if (column.element.converted_type !== 'LIST' || column.element.repetition_type === 'REPEATED' || column.children.length !== 1 || !repeated) return undefined;
    if (repeated.element.repetition_type !== 'REPEATED' || repeated.children.length !== 1) return undefined;
    const element = repeated.children[0] as SchemaTree;
    const plain = element.element.converted_type === undefined && element.element.logical_type === undefined;
    if (!plain || element.element.repetition_type === 'REPEATED' || element.children.length === 0 || !element.children.every(isTextLeaf)) return undefined;
    plan.push({ kind: 'struct-list', name, column, element, leaves: element.children, paths: element.children.map((leaf) => [schema, column, repeated, element, leaf]) });
  }
  return plan;
}

/**
 * A leaf column chunk, read whole: each entry's levels, and where each non-null value's bytes
 * are (a page, a start, an end: offsets, not a view per value, which made 400,000 objects of
 * garbage a row group).
 */
interface LeafData {
  definition: Int32Array;
  repetition: Int32Array | undefined;
  pages: Uint8Array[];
  valuePage: number[];
  valueStart: number[];
  valueEnd: number[];
  /** Entries in all. */
  count: number;
  /** Its first data page's kind and encoding (`DATA_PAGE_V2:RLE_DICTIONARY`): what the guard on these lines verified (FastLines.layout). */
  layout: string;
}

const PLAIN = 'PLAIN';
/** Bytes of a column chunk read first for its first rows (then doubled as pages need): a few pages of text. */
const FIRST_READ_BYTES = 1 << 20;
/** Bytes read past a page's start before its header is parsed: page headers are tens of bytes, with statistics a few KiB. */
const PAGE_HEADER_ROOM = 64 * 1024;
/** The keys of a line, encoded once per row group. */
const KEY_BYTES = new TextEncoder();
const DICTIONARY_ENCODINGS = new Set(['PLAIN_DICTIONARY', 'RLE_DICTIONARY']);

/** Thrown inside: this row group goes the general way. */
class NotFast extends Error {}

function bitWidth(value: number): number {
  return 32 - Math.clz32(value);
}

/** PLAIN byte arrays: a 4-byte little-endian length, then the bytes; `count` of them from `at`. */
function plainOffsets(page: Uint8Array, at: number, count: number, into: { starts: number[]; ends: number[] }): void {
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  for (let i = 0; i < count; i++) {
    if (at + 4 > page.length) throw new NotFast();
    const length = view.getUint32(at, true);
    at += 4;
    if (at + length > page.length) throw new NotFast();
    into.starts.push(at);
    into.ends.push(at + length);
    at += length;
  }
}

/** Growable level arrays, one page after another. */
function appended(to: Int32Array, used: number, more: Int32Array): Int32Array {
  let target = to;
  if (used + more.length > to.length) {
    target = new Int32Array(Math.max(to.length * 2, used + more.length));
    target.set(to.subarray(0, used));
  }
  target.set(more, used);
  return target;
}

/**
 * A leaf column chunk's pages, read in order; with `rowLimit`, only the pages that hold its
 * first `rowLimit` rows, the entries cut where row `rowLimit` starts (every leaf of a list of
 * structs is cut at the same entry: they share their levels).
 */
async function readLeaf(file: AsyncBuffer, meta: ColumnMetaData, path: SchemaTree[], compressors: Compressors | undefined, rowLimit?: number): Promise<LeafData> {
  const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
  const chunkBytes = Number(meta.total_compressed_size);
  // With a row limit, read as far as its pages are needed (a first record of a 128 MB row group reads a few MB of it), else whole.
  let buffer = await file.slice(start, start + (rowLimit === undefined ? chunkBytes : Math.min(chunkBytes, FIRST_READ_BYTES)));
  const reader = { view: new DataView(buffer), offset: 0 };
  /** At least the chunk's first `end` bytes read (twice as many as before, at least), the reader on them. */
  const have = async (end: number): Promise<void> => {
    if (end <= buffer.byteLength || buffer.byteLength >= chunkBytes) return;
    buffer = await file.slice(start, start + Math.min(chunkBytes, Math.max(end, buffer.byteLength * 2)));
    reader.view = new DataView(buffer);
  };
  let maxDefinition = 0;
  for (const node of path.slice(1)) if (node.element.repetition_type !== 'REQUIRED') maxDefinition++;
  let maxRepetition = 0;
  for (const node of path) if (node.element.repetition_type === 'REPEATED') maxRepetition++;
  const data: LeafData = { definition: new Int32Array(0), repetition: maxRepetition > 0 ? new Int32Array(0) : undefined, pages: [], valuePage: [], valueStart: [], valueEnd: [], count: 0, layout: '' };
  let dictionary: { page: number; starts: number[]; ends: number[] } | undefined;
  const total = Number(meta.num_values);
  /** Rows started so far: entries at repetition level 0 (every entry of a column that is not repeated). */
  let rowsStarted = 0;
  // With a limit: stop once row `rowLimit` has started (rows 0 … rowLimit − 1 are then whole).
  while (data.count < total && reader.offset < chunkBytes && !(rowLimit !== undefined && rowsStarted > rowLimit)) {
    await have(reader.offset + PAGE_HEADER_ROOM);
    const headerAt = reader.offset;
    let header: PageHeader;
    try {
      header = parquetHeader(reader);
    } catch (error) {
      // A header larger than the room read for it (long statistics): read the whole chunk and parse it again.
      if (!(error instanceof RangeError) || buffer.byteLength >= chunkBytes) throw error;
      await have(chunkBytes);
      reader.offset = headerAt;
      header = parquetHeader(reader);
    }
    await have(reader.offset + header.compressed_page_size);
    const bytes = new Uint8Array(buffer, reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    if (header.type === 'DICTIONARY_PAGE') {
      const page = decompressPage(bytes, header.uncompressed_page_size, meta.codec, compressors);
      dictionary = { page: data.pages.length, starts: [], ends: [] };
      data.pages.push(page);
      plainOffsets(page, 0, header.dictionary_page_header?.num_values ?? 0, dictionary);
      continue;
    }
    let entries: number;
    let encoding: string;
    let levels: { repetition: Int32Array; definition: Int32Array };
    let values: Uint8Array;
    let at: number;
    if (header.type === 'DATA_PAGE' && header.data_page_header) {
      // Version 1: the levels (each with its 4-byte length) and the values, compressed together.
      const daph = header.data_page_header;
      entries = daph.num_values;
      encoding = daph.encoding;
      values = decompressPage(bytes, header.uncompressed_page_size, meta.codec, compressors);
      const pageReader = { view: new DataView(values.buffer, values.byteOffset, values.byteLength), offset: 0 };
      levels = { repetition: new Int32Array(maxRepetition > 0 ? entries : 0), definition: new Int32Array(maxDefinition > 0 ? entries : 0) };
      if (maxRepetition > 0) readRleBitPackedHybrid(pageReader, bitWidth(maxRepetition), levels.repetition);
      if (maxDefinition > 0) readRleBitPackedHybrid(pageReader, bitWidth(maxDefinition), levels.definition);
      at = pageReader.offset;
    } else if (header.type === 'DATA_PAGE_V2' && header.data_page_header_v2) {
      // Version 2: the levels first, never compressed, their lengths in the header; then the values.
      const daph = header.data_page_header_v2;
      entries = daph.num_values;
      encoding = daph.encoding;
      const repetitionBytes = daph.repetition_levels_byte_length;
      const definitionBytes = daph.definition_levels_byte_length;
      const levelReader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
      levels = { repetition: new Int32Array(maxRepetition > 0 ? entries : 0), definition: new Int32Array(maxDefinition > 0 ? entries : 0) };
      if (maxRepetition > 0) readRleBitPackedHybrid(levelReader, bitWidth(maxRepetition), levels.repetition, repetitionBytes);
      levelReader.offset = repetitionBytes;
      if (maxDefinition > 0) readRleBitPackedHybrid(levelReader, bitWidth(maxDefinition), levels.definition, definitionBytes);
      const rest = bytes.subarray(repetitionBytes + definitionBytes);
      values = daph.is_compressed === false ? rest : decompressPage(rest, header.uncompressed_page_size - repetitionBytes - definitionBytes, meta.codec, compressors);
      at = 0;
    } else throw new NotFast();
    if (data.layout === '') data.layout = `${header.type}:${encoding}`;
    let present = entries;
    if (maxDefinition > 0) {
      present = 0;
      for (let i = 0; i < entries; i++) if (levels.definition[i] === maxDefinition) present++;
    }
    if (encoding === PLAIN) {
      const page = data.pages.length;
      data.pages.push(values);
      const offsets = { starts: data.valueStart, ends: data.valueEnd };
      plainOffsets(values, at, present, offsets);
      for (let i = 0; i < present; i++) data.valuePage.push(page);
    } else if (DICTIONARY_ENCODINGS.has(encoding) && dictionary !== undefined) {
      const width = values[at] as number;
      const indices = new Int32Array(present);
      if (width > 0) readRleBitPackedHybrid({ view: new DataView(values.buffer, values.byteOffset, values.byteLength), offset: at + 1 }, width, indices, values.length - at - 1);
      for (let i = 0; i < present; i++) {
        const index = indices[i] as number;
        const from = dictionary.starts[index];
        const to = dictionary.ends[index];
        if (from === undefined || to === undefined) throw new NotFast();
        data.valuePage.push(dictionary.page);
        data.valueStart.push(from);
        data.valueEnd.push(to);
      }
    } else throw new NotFast();
    // Levels a column does not have: every entry at the maximum (never null), or starting a row.
    const definitionLevels = maxDefinition > 0 ? levels.definition : new Int32Array(entries);
    data.definition = appended(data.definition, data.count, definitionLevels);
    if (data.repetition !== undefined) data.repetition = appended(data.repetition, data.count, levels.repetition);
    if (maxRepetition > 0) for (let i = 0; i < entries; i++) rowsStarted += levels.repetition[i] === 0 ? 1 : 0;
    else rowsStarted += entries;
    data.count += entries;
  }
  if (rowLimit !== undefined && rowsStarted > rowLimit) return cutAtRow(data, rowLimit, maxDefinition);
  if (data.count !== total) throw new NotFast();
  return data;
}

/** `leaf` cut to its entries before row `row` starts, and the values those entries have. */
function cutAtRow(leaf: LeafData, row: number, maxDefinition: number): LeafData {
  let end = leaf.count;
  if (leaf.repetition === undefined) end = Math.min(row, leaf.count);
  else {
    let started = 0;
    for (let i = 0; i < leaf.count; i++) {
      if (leaf.repetition[i] === 0 && started++ === row) {
        end = i;
        break;
      }
    }
  }
  let values = 0;
  for (let i = 0; i < end; i++) if (leaf.definition[i] === maxDefinition) values++;
  return { ...leaf, count: end, valuePage: leaf.valuePage.slice(0, values), valueStart: leaf.valueStart.slice(0, values), valueEnd: leaf.valueEnd.slice(0, values) };
}

/** The levels at which each part of a list of structs is there (Dremel's definition levels). */
interface ListLevels {
  /** The column is not null. */
  column: number;
  /** The list has an element. */
  item: number;
  /** The element (the struct) is not null. */
  element: number;
}

function listLevels(column: FastColumn & { kind: 'struct-list' }): ListLevels {
  const columnLevel = column.column.element.repetition_type === 'OPTIONAL' ? 1 : 0;
  const item = columnLevel + 1;
  return { column: columnLevel, item, element: item + (column.element.element.repetition_type === 'OPTIONAL' ? 1 : 0) };
}

/** Entries whose definition level is `level`: the values a leaf must have. */
function presentCount(leaf: LeafData, level: number): number {
  let count = 0;
  for (let i = 0; i < leaf.count; i++) if (leaf.definition[i] === level) count++;
  return count;
}

/** Writes one column's values, one row at a time. */
interface ColumnWriter {
  writeRow(out: JsonBytes): void;
}

function writeValue(out: JsonBytes, leaf: LeafData, index: number): void {
  const page = leaf.pages[leaf.valuePage[index] as number];
  if (page === undefined) throw new NotFast();
  writeParquetText(out, page, leaf.valueStart[index] as number, leaf.valueEnd[index] as number);
}

function textWriter(leaf: LeafData, maxDefinition: number, rows: number): ColumnWriter {
  if (leaf.count !== rows || presentCount(leaf, maxDefinition) !== leaf.valueStart.length) throw new NotFast();
  let entry = 0;
  let value = 0;
  return {
    writeRow(out) {
      if ((leaf.definition[entry++] as number) === maxDefinition) writeValue(out, leaf, value++);
      else out.text('null');
    },
  };
}

function structListWriter(column: FastColumn & { kind: 'struct-list' }, leaves: LeafData[], rows: number): ColumnWriter {
  const levels = listLevels(column);
  const first = leaves[0] as LeafData;
  const fieldLevels = column.leaves.map((leaf) => levels.element + (leaf.element.repetition_type === 'OPTIONAL' ? 1 : 0));
  // Checked before any line is written, so that writing cannot stop half way: the leaves in
  // step, a row per repetition level 0, every value there, and no null element (see above).
  if (leaves.some((leaf) => leaf.count !== first.count || leaf.repetition === undefined)) throw new NotFast();
  if (leaves.some((leaf, k) => presentCount(leaf, fieldLevels[k] as number) !== leaf.valueStart.length)) throw new NotFast();
  let starts = 0;
  for (let i = 0; i < first.count; i++) {
    if (first.repetition?.[i] === 0) starts++;
    const definition = first.definition[i] as number;
    if (definition >= levels.item && definition < levels.element) throw new NotFast();
  }
  if (starts !== rows) throw new NotFast();
  // Encoded once: written for every element.
  const keys = column.leaves.map((leaf) => KEY_BYTES.encode(`${JSON.stringify(leaf.element.name)}:`));
  const valueAt = leaves.map(() => 0);
  let entry = 0;
  return {
    writeRow(out) {
      if (entry >= first.count || first.repetition === undefined || first.repetition[entry] !== 0) throw new NotFast();
      const definition = first.definition[entry] as number;
      if (definition < levels.item) {
        // A null column, or an empty list.
        out.text(definition < levels.column ? 'null' : '[]');
        entry++;
        return;
      }
      out.byte(0x5b);
      for (;;) {
        // A null element hyparquet reads as an object of undefined fields: left to it.
        if ((first.definition[entry] as number) < levels.element) throw new NotFast();
        out.byte(0x7b);
        let written = false;
        for (let k = 0; k < leaves.length; k++) {
          const leaf = leaves[k] as LeafData;
          if (leaf.definition[entry] !== fieldLevels[k]) continue;
          if (written) out.byte(0x2c);
          written = true;
          out.raw(keys[k] as Uint8Array);
          const at = valueAt[k] as number;
          valueAt[k] = at + 1;
          writeValue(out, leaf, at);
        }
        out.byte(0x7d);
        entry++;
        if (entry < first.count && first.repetition?.[entry] === 1) {
          out.byte(0x2c);
          continue;
        }
        break;
      }
      out.byte(0x5d);
    },
  };
}

/**
 * A row group's lines as chunks (fastRowGroupLines), and the layout of its columns' first data
 * pages (each leaf's page kind and encoding, in order): ParquetSource compares the first rows
 * against hyparquet's once per layout of a file, not for every row group.
 */
export interface FastLines {
  (chunkBytes: number): Generator<{ bytes: Uint8Array; rows: number }>;
  layout?: string;
}

/**
 * Row group `index`'s records as JSON Lines, written straight from its pages: undefined when
 * this row group is not of the fast shape (the caller reads it the general way), else a
 * generator of chunks of whole lines of about `chunkBytes` (fresh memory each). The pages are
 * read and the levels checked first, so that a row group goes one way or the other whole;
 * then the lines are made a chunk at a time as they are asked for, so that the command's
 * workers get the first chunk while the rest are still being made.
 */
export async function fastRowGroupLines(file: AsyncBuffer, metadata: FileMetaData, index: number, plan: readonly FastColumn[], compressors: Compressors | undefined, rowLimit?: number): Promise<FastLines | undefined> {
  const group = metadata.row_groups[index];
  if (!group) throw new RangeError(`no row group ${index}`);
  // With `rowLimit`: its first rows only, from the pages that hold them (a first record without the whole row group).
  const rows = rowLimit === undefined ? Number(group.num_rows) : Math.min(Math.max(0, rowLimit), Number(group.num_rows));
  const chunkOf = (path: SchemaTree[]): ColumnMetaData => {
    const name = path.slice(1).map((node) => node.element.name).join('.');
    const meta = group.columns.find((chunk) => chunk.meta_data?.path_in_schema.join('.') === name)?.meta_data;
    if (!meta || group.columns.some((chunk) => chunk.file_path)) throw new NotFast();
    return meta;
  };
  const writers: ColumnWriter[] = [];
  const layouts: string[] = [];
  try {
    for (const column of plan) {
      if (column.kind === 'text') {
        const leaf = await readLeaf(file, chunkOf(column.path), column.path, compressors, rowLimit);
        layouts.push(leaf.layout);
        writers.push(textWriter(leaf, column.leaf.element.repetition_type === 'OPTIONAL' ? 1 : 0, rows));
      } else {
        const leaves: LeafData[] = [];
        for (const path of column.paths) leaves.push(await readLeaf(file, chunkOf(path), path, compressors, rowLimit));
        layouts.push(...leaves.map((leaf) => leaf.layout));
        writers.push(structListWriter(column, leaves, rows));
      }
    }
  } catch (error) {
    if (error instanceof NotFast) return undefined;
    throw error;
  }
  const keys = plan.map((column, i) => KEY_BYTES.encode(`${i === 0 ? '{' : ','}${JSON.stringify(column.name)}:`));
  const lines: FastLines = function* (chunkBytes: number) {
    const out = new JsonBytes();
    let inChunk = 0;
    for (let row = 0; row < rows; row++) {
      for (let c = 0; c < writers.length; c++) {
        out.raw(keys[c] as Uint8Array);
        (writers[c] as ColumnWriter).writeRow(out);
      }
      if (writers.length === 0) out.byte(0x7b);
      out.byte(0x7d);
      out.byte(0x0a);
      inChunk++;
      if (out.length >= chunkBytes) {
        yield { bytes: out.view().slice(), rows: inChunk };
        inChunk = 0;
        out.clear();
      }
    }
    if (inChunk > 0) yield { bytes: out.view().slice(), rows: inChunk };
  };
  lines.layout = layouts.join(',');
  return lines;
}
