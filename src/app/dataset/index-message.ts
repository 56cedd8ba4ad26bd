/** The index as the indexing worker sends it (protocol.ts IndexMessage), back into core's DatasetIndex: on the page and in a second checking worker. */
import { RecordIndex, type DatasetIndex } from '../../core/index.ts';
import type { IndexMessage } from './protocol.ts';

export function indexFromMessage(message: IndexMessage): DatasetIndex {
  const records = RecordIndex.fromData(message.data);
  if (message.format === 'jsonl') return { format: 'jsonl', records, bomLength: message.bomLength, size: message.size };
  return {
    format: 'json-array',
    records,
    bomLength: message.bomLength,
    size: message.size,
    lines: message.lines ?? [],
    open: message.open ?? -1,
    close: message.close ?? -1,
    ...(message.error ? { error: message.error } : {}),
  };
}
