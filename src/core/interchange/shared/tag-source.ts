/**
 * Marks what a dialect's reader kept of its source (unknown fields, raw blocks, kept parts,
 * provider tools) with the dialect's id (`Extensible.extraSource`), so that another dialect's
 * writer knows they are not its own. Each reader calls it once on the record it made.
 */
import type { Block, Extensible, Part, ParleyRecord } from '../../model/types.ts';
import { isSourcePart } from './shape.ts';

function tag(node: Extensible, dialect: string): void {
  if (node.extra && Object.keys(node.extra).length > 0) node.extraSource = dialect;
}

function tagPart(part: Part, dialect: string): void {
  if (isSourcePart(part)) part.extraSource = dialect;
  else tag(part, dialect);
}

function tagBlock(block: Block, dialect: string): void {
  if (block.type === 'unknown') {
    block.extraSource = dialect;
    return;
  }
  tag(block, dialect);
  if (block.type === 'tool_calls') for (const call of block.calls) tag(call, dialect);
  if (block.type === 'tool_outputs') for (const output of block.outputs) tag(output, dialect);
}

/** Loops rather than forEach callbacks: every node of a data set is visited (no closure per node). */
export function tagSource<R extends ParleyRecord | undefined>(record: R, dialect: string): R {
  if (!record) return record;
  tag(record, dialect);
  if (record.kind === 'document') {
    for (const file of record.files) {
      tag(file, dialect);
      for (const part of file.parts) tagPart(part, dialect);
    }
    return record;
  }
  record.readFrom = dialect;
  for (const message of record.messages) {
    tag(message, dialect);
    for (const call of message.toolCalls ?? []) tag(call, dialect);
    const content = message.content;
    if (content?.type === 'parts') for (const part of content.parts) tagPart(part, dialect);
    else if (content?.type === 'blocks') for (const block of content.blocks) tagBlock(block, dialect);
  }
  for (const tool of record.tools) {
    // A provider's tool is all raw (every field but `type` in `extra`): it is tagged even when bare.
    if (tool.type !== undefined) tool.extraSource = dialect;
    else tag(tool, dialect);
  }
  return record;
}
