/** How each block type is named and coloured, and what a new one contains. */
import { response, thoughts, toolCall, toolCalls, toolOutput, toolOutputs, type Block, type BlockType, type FieldPath } from '../../../core/index.ts';

export const BLOCK_TITLES: Record<BlockType, string> = {
  thoughts: 'Thoughts',
  tool_calls: 'Tool calls',
  tool_outputs: 'Tool outputs',
  response: 'Response',
  unknown: 'Unknown block',
};

export const BLOCK_ACCENTS: Record<BlockType, string> = {
  thoughts: 'border-l-amber-400 dark:border-l-amber-500',
  tool_calls: 'border-l-violet-400 dark:border-l-violet-500',
  tool_outputs: 'border-l-emerald-400 dark:border-l-emerald-500',
  response: 'border-l-sky-400 dark:border-l-sky-500',
  unknown: 'border-l-slate-400',
};

export type NewBlockType = Exclude<BlockType, 'unknown'>;
export const NEW_BLOCK_TYPES: readonly NewBlockType[] = ['thoughts', 'tool_calls', 'tool_outputs', 'response'];

export function newBlock(type: NewBlockType): Block {
  switch (type) {
    case 'thoughts':
      return thoughts('');
    case 'response':
      return response('');
    case 'tool_calls':
      return toolCalls([toolCall('', '')]);
    case 'tool_outputs':
      return toolOutputs([toolOutput('')]);
  }
}

/** The field to focus in a freshly added block at `path`. */
export function firstFieldOf(block: Block, path: FieldPath): FieldPath {
  if (block.type === 'tool_calls') return [...path, 'calls', 0, 'name'];
  if (block.type === 'tool_outputs') return [...path, 'outputs', 0, 'output'];
  if (block.type === 'unknown') return path;
  return [...path, 'text'];
}

