/**
 * Records written as Parquet, one window (a row group) at a time, in constant memory: the
 * writer's rows go out as each window is given, and only the footer waits for the end.
 *
 * From a Parquet source, every other column is kept: its schema, its place, its values as read
 * (so untouched values are identical when read back). The conversation columns are replaced by
 * the record's keys at the place of the first of them: a key whose column is there keeps that
 * column's schema when every record fits it, else it becomes a new column (text, or JSON for
 * lists and objects). The file is rewritten, never patched: its bytes differ, its values not.
 *
 * A kept column whose type the writer cannot reproduce (the first window written and read back
 * differs, or the writer refuses it) makes the output refuse before anything is written, with
 * the column's name: a column is never changed silently.
 */
import { parquetReadObjects, parquetSchema, type FileMetaData, type KeyValue, type SchemaElement, type SchemaTree } from 'hyparquet';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { Writer } from 'hyparquet-writer/src/types.js';
import { misfit } from './parquet-fit.ts';
import { sameParquetValue } from './parquet-values.ts';

export class ParquetOutputError extends Error {}

/** What the output keeps from a Parquet source. */
export interface ParquetOrigin {
  schema: SchemaTree;
  /** The conversation columns (replaced by the records' keys). */
  conversation: readonly string[];
  keyValueMetadata?: KeyValue[] | undefined;
}

/** One window: the source rows (all columns; empty objects for a JSON Lines source) and each row's record (null: it could not be converted). */
export interface OutputWindow {
  rows: readonly Record<string, unknown>[];
  records: readonly (Record<string, unknown> | null)[];
  /** The id of the window's first row, for messages. */
  start: number;
}

interface OutputColumn {
  name: string;
  /** Its schema elements in preorder (the column's own element first). */
  elements: SchemaElement[];
  /** Kept from the source (values copied) or made from the records' key. */
  from: 'kept' | 'record';
  tree?: SchemaTree;
}

/** The column's schema elements in preorder, as the footer lists them. */
function elementsOf(node: SchemaTree): SchemaElement[] {
  return [node.element, ...node.children.flatMap(elementsOf)];
}

/** A new column for a record key: text when every value is text, else JSON text. */
function newColumn(name: string, values: readonly unknown[]): OutputColumn {
  const present = values.filter((value) => value !== null && value !== undefined);
  const text = present.every((value) => typeof value === 'string');
  const element: SchemaElement = text ? { name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' } : { name, type: 'BYTE_ARRAY', converted_type: 'JSON', repetition_type: 'OPTIONAL' };
  return { name, elements: [element], from: 'record' };
}

/** The columns of the output, decided from the first window. */
function planColumns(origin: ParquetOrigin | undefined, first: OutputWindow): OutputColumn[] {
  const keys: string[] = [];
  for (const record of first.records) if (record) for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
  const valuesOf = (key: string): unknown[] => first.records.map((record) => record?.[key] ?? null);
  const recordColumn = (key: string): OutputColumn => {
    const source = origin?.schema.children.find((node) => node.element.name === key && origin.conversation.includes(key));
    if (source && valuesOf(key).every((value) => misfit(value, source) === undefined)) return { name: key, elements: elementsOf(source), from: 'record', tree: source };
    return newColumn(key, valuesOf(key));
  };
  if (!origin) return keys.map(recordColumn);
  const columns: OutputColumn[] = [];
  let placed = false;
  for (const node of origin.schema.children) {
    const name = node.element.name;
    if (origin.conversation.includes(name)) {
      if (!placed) columns.push(...keys.map(recordColumn));
      placed = true;
      continue;
    }
    if (keys.includes(name)) throw new ParquetOutputError(`the records have a key "${name}", and the file has another column of that name`);
    columns.push({ name, elements: elementsOf(node), from: 'kept', tree: node });
  }
  return columns;
}

/** Refuses a kept column the writer cannot give back as it was read (written alone, read back, compared). */
async function probeKeptColumn(column: OutputColumn, values: unknown[]): Promise<void> {
  const refuse = (why: string): never => {
    throw new ParquetOutputError(`cannot write the column "${column.name}" back unchanged (${why}); Parley refuses rather than change it`);
  };
  for (const element of column.elements) {
    const why = lossyRead(element);
    if (why !== undefined) refuse(why);
  }
  let back: Record<string, unknown>[] = [];
  try {
    const writer = new ByteWriter();
    const schema: SchemaElement[] = [{ name: 'root', num_children: 1 }, ...column.elements];
    const pq = new ParquetWriter({ writer, schema });
    void pq.write({ columnData: [{ name: column.name, data: values }], rowGroupSize: Math.max(1, values.length) });
    void pq.finish();
    const buffer = writer.getBuffer();
    back = (await parquetReadObjects({ file: buffer })) as Record<string, unknown>[];
  } catch (error) {
    refuse(error instanceof Error ? error.message : String(error));
  }
  for (let i = 0; i < values.length; i++) if (!sameParquetValue(values[i], back[i]?.[column.name])) refuse(`row ${i} reads back differently`);
}

/**
 * Types that reading itself rounds (hyparquet gives a float for a DECIMAL, a millisecond Date
 * for finer timestamps): writing the value read back would change the column, so they are
 * refused whatever the probe says.
 */
function lossyRead(element: SchemaElement): string | undefined {
  if (element.converted_type === 'DECIMAL' || element.logical_type?.type === 'DECIMAL') return 'a DECIMAL is read as a floating-point number';
  if (element.type === 'INT96') return 'an INT96 timestamp is read to the millisecond';
  if (element.converted_type === 'TIMESTAMP_MICROS') return 'a microsecond timestamp is read to the millisecond';
  const logical = element.logical_type;
  if (logical?.type === 'TIMESTAMP' && logical.unit !== 'MILLIS') return `a ${logical.unit} timestamp is read to the millisecond`;
  if (element.converted_type === 'INTERVAL' || element.converted_type === 'BSON') return `${element.converted_type} is not read`;
  return undefined;
}

export class ParquetOutput {
  private columns: OutputColumn[] | undefined;
  private pq: ParquetWriter | undefined;

  constructor(
    private readonly writer: Writer,
    private readonly origin?: ParquetOrigin,
  ) {}

  /** Writes one window as one row group. */
  async write(window: OutputWindow): Promise<void> {
    if (window.records.length === 0) return;
    if (!this.columns) await this.start(window);
    const columns = this.columns as OutputColumn[];
    const columnData = columns.map((column) => {
      if (column.from === 'kept') return { name: column.name, data: window.rows.map((row) => row[column.name] ?? null) };
      const data = window.records.map((record, i) => {
        const value = record?.[column.name] ?? null;
        if (column.tree) {
          const why = misfit(value, column.tree);
          if (why !== undefined) throw new ParquetOutputError(`row ${window.start + i}: its "${column.name}" does not fit the column's type (${why})`);
          return value;
        }
        const isJson = column.elements[0]?.converted_type === 'JSON';
        if (!isJson && value !== null && typeof value !== 'string') throw new ParquetOutputError(`row ${window.start + i}: its "${column.name}" is not text like the rows before it`);
        return value;
      });
      return { name: column.name, data };
    });
    for (const record of window.records) {
      if (!record) continue;
      for (const key of Object.keys(record)) if (!columns.some((column) => column.name === key && column.from === 'record')) throw new ParquetOutputError(`a record has the key "${key}", which the first row group's records did not have (Parquet's columns are fixed by then)`);
    }
    await (this.pq as ParquetWriter).write({ columnData, rowGroupSize: window.records.length });
  }

  /** Writes the footer; an output of no rows still has the source's columns. */
  async finish(): Promise<void> {
    if (!this.pq) await this.start({ rows: [], records: [], start: 0 });
    await (this.pq as ParquetWriter).finish();
  }

  private async start(first: OutputWindow): Promise<void> {
    const columns = planColumns(this.origin, first);
    for (const column of columns) if (column.from === 'kept') await probeKeptColumn(column, first.rows.map((row) => row[column.name] ?? null));
    const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }, ...columns.flatMap((column) => column.elements)];
    // The source's key-value metadata (pandas', Arrow's, the Hub's) describes its schema: kept only when the schema is the same.
    const same = this.origin !== undefined && sameSchema(schema, elementsOf(this.origin.schema));
    const kvMetadata = same ? this.origin?.keyValueMetadata : undefined;
    this.columns = columns;
    this.pq = new ParquetWriter({ writer: this.writer, schema, ...(kvMetadata ? { kvMetadata } : {}) });
  }
}

function sameSchema(a: SchemaElement[], b: SchemaElement[]): boolean {
  return a.length === b.length && a.every((element, i) => sameParquetValue({ ...element, name: element.name }, b[i]));
}

/** The origin of an output from a Parquet source's footer. */
export function parquetOrigin(metadata: FileMetaData, conversation: readonly string[]): ParquetOrigin {
  return { schema: parquetSchema(metadata), conversation, keyValueMetadata: metadata.key_value_metadata };
}
