/**
 * Small Parquet files for tests, written with hyparquet-writer in the test itself (no binary
 * fixture from elsewhere): a `messages` list of {role, content} structs beside columns of other
 * types that an export must keep.
 */
import type { SchemaElement } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';

export interface ChatRow {
  id: bigint;
  messages: { role: string; content: string }[] | null;
  score: number | null;
  tags: string[];
  created: Date;
}

const TEXT = { type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' } as const;

export const CHAT_SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 5 },
  { name: 'id', type: 'INT64', repetition_type: 'REQUIRED' },
  { name: 'messages', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', repetition_type: 'OPTIONAL', num_children: 2 },
  { name: 'role', ...TEXT },
  { name: 'content', ...TEXT },
  { name: 'score', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
  { name: 'tags', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', ...TEXT },
  { name: 'created', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'REQUIRED' },
];

/** Row i: a user and an assistant message, a score, tags and a time that say which row it is. */
export function chatRow(i: number): ChatRow {
  return {
    id: BigInt(1000 + i),
    messages: [
      { role: 'user', content: `question ${i}` },
      { role: 'assistant', content: `answer ${i}` },
    ],
    score: i % 3 === 0 ? null : i / 4,
    tags: i % 2 === 0 ? ['even', `t${i}`] : [],
    created: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  };
}

/** A Parquet file of these rows, `rowGroupSize` rows per row group. */
export function chatParquet(rows: readonly ChatRow[], rowGroupSize = 1000, schema: SchemaElement[] = CHAT_SCHEMA): ArrayBuffer {
  const column = (name: keyof ChatRow) => ({ name, data: rows.map((row) => row[name]) });
  return parquetWriteBuffer({ schema, columnData: [column('id'), column('messages'), column('score'), column('tags'), column('created')], rowGroupSize });
}
