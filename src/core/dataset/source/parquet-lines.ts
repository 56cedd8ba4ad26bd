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
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readPlain } from 'hyparquet/src/plain.js';
import { DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import type { AsyncBuffer } from 'hyparquet';
import { JsonBytes, writeParquetJson } from './parquet-json.ts';

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

/** A leaf column chunk, read whole: each entry's levels, and the values (views, or dictionary indices). */
interface LeafData {
  definition: number[];
  repetition: number[];
  /** The non-null values in order: byte views, or indices into `dictionary`. */
  values: (Uint8Array | number)[];
  dictionary: Uint8Array[] | undefined;
  /** Entries in all. */
  count: number;
}

/** Page encodings read here: plain text and dictionary indices (others: the general path). */
const PLAIN_ENCODINGS = new Set(['PLAIN']);
const DICTIONARY_ENCODINGS = new Set(['PLAIN_DICTIONARY', 'RLE_DICTIONARY']);

/** Thrown inside: this row group goes the general way. */
class NotFast extends Error {}

async function readLeaf(file: AsyncBuffer, meta: ColumnMetaData, path: SchemaTree[], compressors: Compressors | undefined): Promise<LeafData> {
  const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
  const buffer = await file.slice(start, start + Number(meta.total_compressed_size));
  const reader = { view: new DataView(buffer), offset: 0 };
  const leaf = path[path.length - 1] as SchemaTree;
  const decoder = { pathInSchema: meta.path_in_schema, type: meta.type, element: leaf.element, schemaPath: path, codec: meta.codec, parsers: DEFAULT_PARSERS, ...(compressors ? { compressors } : {}) };
  const data: LeafData = { definition: [], repetition: [], values: [], dictionary: undefined, count: 0 };
  let maxDefinition = 0;
  for (const node of path.slice(1)) if (node.element.repetition_type !== 'REQUIRED') maxDefinition++;
  const hasRepetition = path.some((node) => node.element.repetition_type === 'REPEATED');
  let seen = 0;
  while (seen < Number(meta.num_values) && reader.offset < buffer.byteLength) {
    const header: PageHeader = parquetHeader(reader);
    const bytes = new Uint8Array(buffer, reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    if (header.type === 'DICTIONARY_PAGE') {
      const page = decompressPage(bytes, header.uncompressed_page_size, meta.codec, compressors);
      const count = header.dictionary_page_header?.num_values ?? 0;
      data.dictionary = readPlain({ view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 }, 'BYTE_ARRAY', count, undefined) as Uint8Array[];
      continue;
    }
    let page: ReturnType<typeof readDataPage>;
    let encoding: string;
    let entries: number;
    if (header.type === 'DATA_PAGE' && header.data_page_header) {
      encoding = header.data_page_header.encoding;
      entries = header.data_page_header.num_values;
      if (!PLAIN_ENCODINGS.has(encoding) && !DICTIONARY_ENCODINGS.has(encoding)) throw new NotFast();
      page = readDataPage(decompressPage(bytes, header.uncompressed_page_size, meta.codec, compressors), header.data_page_header, decoder);
    } else if (header.type === 'DATA_PAGE_V2' && header.data_page_header_v2) {
      encoding = header.data_page_header_v2.encoding;
      entries = header.data_page_header_v2.num_values;
      if (!PLAIN_ENCODINGS.has(encoding) && !DICTIONARY_ENCODINGS.has(encoding)) throw new NotFast();
      page = readDataPageV2(bytes, header, decoder);
    } else throw new NotFast();
    if (DICTIONARY_ENCODINGS.has(encoding) && data.dictionary === undefined) throw new NotFast();
    // hyparquet leaves the levels out when they say nothing: no nulls (every entry at the
    // maximum), or a column that cannot repeat (every entry starts a row).
    const definition = page.definitionLevels ?? [];
    for (let i = 0; i < entries; i++) data.definition.push(definition.length > 0 ? (definition[i] as number) : maxDefinition);
    if (hasRepetition) {
      if (page.repetitionLevels.length !== entries) throw new NotFast();
      for (let i = 0; i < entries; i++) data.repetition.push(page.repetitionLevels[i] as number);
    }
    const values = page.dataPage as ArrayLike<Uint8Array | number>;
    for (let i = 0; i < values.length; i++) data.values.push(values[i] as Uint8Array | number);
    seen += entries;
  }
  data.count = data.definition.length;
  return data;
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

/** Writes one column's values, one row at a time. */
interface ColumnWriter {
  writeRow(out: JsonBytes): void;
}

function valueBytes(leaf: LeafData, index: number): Uint8Array {
  const value = leaf.values[index];
  if (typeof value === 'number') {
    const entry = leaf.dictionary?.[value];
    if (entry === undefined) throw new NotFast();
    return entry;
  }
  if (value === undefined) throw new NotFast();
  return value;
}

function textWriter(leaf: LeafData, maxDefinition: number, rows: number): ColumnWriter {
  if (leaf.count !== rows) throw new NotFast();
  let entry = 0;
  let value = 0;
  return {
    writeRow(out) {
      if ((leaf.definition[entry++] as number) === maxDefinition) writeParquetJson(out, valueBytes(leaf, value++));
      else out.text('null');
    },
  };
}

function structListWriter(column: FastColumn & { kind: 'struct-list' }, leaves: LeafData[]): ColumnWriter {
  const levels = listLevels(column);
  const first = leaves[0] as LeafData;
  if (leaves.some((leaf) => leaf.count !== first.count)) throw new NotFast();
  const fieldLevels = column.leaves.map((leaf) => levels.element + (leaf.element.repetition_type === 'OPTIONAL' ? 1 : 0));
  const keys = column.leaves.map((leaf) => `${JSON.stringify(leaf.element.name)}:`);
  const valueAt = leaves.map(() => 0);
  let entry = 0;
  return {
    writeRow(out) {
      if (entry >= first.count || first.repetition[entry] !== 0) throw new NotFast();
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
          out.text(keys[k] as string);
          const at = valueAt[k] as number;
          valueAt[k] = at + 1;
          writeParquetJson(out, valueBytes(leaf, at));
        }
        out.byte(0x7d);
        entry++;
        if (entry < first.count && first.repetition[entry] === 1) {
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
 * Row group `index`'s records as JSON Lines into `out`, handed over every `chunkBytes` or so
 * (`emit(lines)`, whole lines, then `out` is cleared); undefined, with nothing emitted, when
 * this row group is not of the fast shape (the caller reads it the general way).
 */
export async function fastRowGroupLines(
  file: AsyncBuffer,
  metadata: FileMetaData,
  index: number,
  plan: readonly FastColumn[],
  compressors: Compressors | undefined,
  out: JsonBytes,
  chunkBytes: number,
  emit: (lines: Uint8Array, rows: number) => Promise<void> | void,
): Promise<true | undefined> {
  const group = metadata.row_groups[index];
  if (!group) throw new RangeError(`no row group ${index}`);
  const rows = Number(group.num_rows);
  const chunkOf = (path: SchemaTree[]): ColumnMetaData => {
    const name = path.slice(1).map((node) => node.element.name).join('.');
    const meta = group.columns.find((chunk) => chunk.meta_data?.path_in_schema.join('.') === name)?.meta_data;
    if (!meta || group.columns.some((chunk) => chunk.file_path)) throw new NotFast();
    return meta;
  };
  const writers: ColumnWriter[] = [];
  try {
    for (const column of plan) {
      if (column.kind === 'text') {
        const leaf = await readLeaf(file, chunkOf(column.path), column.path, compressors);
        writers.push(textWriter(leaf, column.leaf.element.repetition_type === 'OPTIONAL' ? 1 : 0, rows));
      } else {
        const leaves: LeafData[] = [];
        for (const path of column.paths) leaves.push(await readLeaf(file, chunkOf(path), path, compressors));
        writers.push(structListWriter(column, leaves));
      }
    }
    // Written in full before anything is emitted: a shape met late (a null element) leaves the
    // whole row group to the general path, never half of it.
    const lines: Uint8Array[] = [];
    const counts: number[] = [];
    const keys = plan.map((column, i) => `${i === 0 ? '{' : ','}${JSON.stringify(column.name)}:`);
    let inChunk = 0;
    out.clear();
    for (let row = 0; row < rows; row++) {
      for (let c = 0; c < writers.length; c++) {
        out.text(keys[c] as string);
        (writers[c] as ColumnWriter).writeRow(out);
      }
      if (writers.length === 0) out.byte(0x7b);
      out.byte(0x7d);
      out.byte(0x0a);
      inChunk++;
      if (out.length >= chunkBytes) {
        lines.push(out.view().slice());
        counts.push(inChunk);
        inChunk = 0;
        out.clear();
      }
    }
    if (inChunk > 0) {
      lines.push(out.view().slice());
      counts.push(inChunk);
    }
    out.clear();
    for (let i = 0; i < lines.length; i++) await emit(lines[i] as Uint8Array, counts[i] as number);
    return true;
  } catch (error) {
    out.clear();
    if (error instanceof NotFast) return undefined;
    throw error;
  }
}
