/**
 * A message as an ordered list of segments, whatever its model shape: text or parts content,
 * or the blocks of a structured assistant message (Apertus, Anthropic, Responses turns), then
 * the calls of `toolCalls`. Encoders of flat dialects (one message = text + calls, results as
 * tool messages) group segments into turns with `turnsOf`.
 */
import type { FieldPath } from '../../model/path.ts';
import type { Extra, Message, Part, ThoughtsBlock, ToolCall, ToolOutput, UnknownBlock } from '../../model/types.ts';

export type Segment =
  | { kind: 'thoughts'; block: ThoughtsBlock; path: FieldPath }
  | { kind: 'text'; text: string; extra?: Extra; extraSource?: string; path: FieldPath; fromBlock: boolean }
  | { kind: 'parts'; parts: Part[]; path: FieldPath }
  | { kind: 'call'; call: ToolCall; path: FieldPath }
  | { kind: 'output'; output: ToolOutput; path: FieldPath }
  | { kind: 'unknown'; block: UnknownBlock; path: FieldPath };

export function segmentsOf(message: Message, path: FieldPath): Segment[] {
  const segments: Segment[] = [];
  const content = message.content;
  const contentPath = [...path, 'content'];
  if (content?.type === 'text') segments.push({ kind: 'text', text: content.text, path: contentPath, fromBlock: false });
  else if (content?.type === 'parts') segments.push({ kind: 'parts', parts: content.parts, path: contentPath });
  else if (content?.type === 'blocks') {
    content.blocks.forEach((block, b) => {
      const blockPath = [...contentPath, 'blocks', b];
      switch (block.type) {
        case 'thoughts':
          segments.push({ kind: 'thoughts', block, path: blockPath });
          break;
        case 'response':
          segments.push(block.extra ? { kind: 'text', text: block.text, extra: block.extra, extraSource: block.extraSource, path: blockPath, fromBlock: true } : { kind: 'text', text: block.text, path: blockPath, fromBlock: true });
          break;
        case 'tool_calls':
          block.calls.forEach((call, c) => segments.push({ kind: 'call', call, path: [...blockPath, 'calls', c] }));
          break;
        case 'tool_outputs':
          block.outputs.forEach((output, o) => segments.push({ kind: 'output', output, path: [...blockPath, 'outputs', o] }));
          break;
        case 'unknown':
          segments.push({ kind: 'unknown', block, path: blockPath });
          break;
      }
    });
  }
  message.toolCalls?.forEach((call, c) => segments.push({ kind: 'call', call, path: [...path, 'toolCalls', c] }));
  return segments;
}

/** A flat dialect's message made from segments: reasoning, then text, then calls; or one tool result. */
export type Turn =
  | { kind: 'message'; thoughts: Segment[]; content: Segment[]; calls: Extract<Segment, { kind: 'call' }>[]; unknown: Segment[] }
  | { kind: 'output'; segment: Extract<Segment, { kind: 'output' }> };

const RANK: Record<'thoughts' | 'text' | 'parts' | 'call', number> = { thoughts: 0, text: 1, parts: 1, call: 2 };

/**
 * Groups segments into turns in order: a turn holds thoughts, then text, then calls, so a
 * segment that would go back (text after a call, thoughts after text) starts a new turn; each
 * tool output is a turn of its own. Unknown blocks stay with the turn they are in.
 */
export function turnsOf(segments: readonly Segment[]): Turn[] {
  const turns: Turn[] = [];
  let current: Extract<Turn, { kind: 'message' }> | undefined;
  let rank = -1;
  const flush = () => {
    if (current) turns.push(current);
    current = undefined;
    rank = -1;
  };
  for (const segment of segments) {
    if (segment.kind === 'output') {
      flush();
      turns.push({ kind: 'output', segment });
      continue;
    }
    if (segment.kind !== 'unknown') {
      const r = RANK[segment.kind];
      if (current && r < rank) flush();
      rank = Math.max(rank, r);
    }
    current ??= { kind: 'message', thoughts: [], content: [], calls: [], unknown: [] };
    if (segment.kind === 'thoughts') current.thoughts.push(segment);
    else if (segment.kind === 'text' || segment.kind === 'parts') current.content.push(segment);
    else if (segment.kind === 'call') current.calls.push(segment);
    else current.unknown.push(segment);
  }
  flush();
  return turns;
}
