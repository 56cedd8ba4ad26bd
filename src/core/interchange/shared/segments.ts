/**
 * A message as an ordered list of segments, whatever its model shape: text or parts content,
 * or the blocks of a structured assistant message (Apertus, Anthropic, Responses turns), then
 * the calls of `toolCalls`. Encoders of flat dialects (one message = text + calls, results as
 * tool messages) group segments into turns with `turnsOf`.
 */
import { whereAt, type FieldPath, type Where } from '../../model/path.ts';
import type { Extra, Message, Part, ThoughtsBlock, ToolCall, ToolOutput, UnknownBlock } from '../../model/types.ts';

/**
 * `W`: how a segment names where it is, as the caller named the message: a path, or a `Place`
 * whose path is made only when a diagnostic asks (an encoder converting a data set goes
 * through every node, and most have nothing to report).
 */
export type Segment<W extends Where = FieldPath> =
  | { kind: 'thoughts'; block: ThoughtsBlock; path: W }
  | { kind: 'text'; text: string; extra?: Extra; extraSource?: string; path: W; fromBlock: boolean }
  | { kind: 'parts'; parts: Part[]; path: W }
  | { kind: 'call'; call: ToolCall; path: W }
  | { kind: 'output'; output: ToolOutput; path: W }
  | { kind: 'unknown'; block: UnknownBlock; path: W };

/** `where` one key further in, of the same kind (a path stays a path, a place a place). */
function at<W extends Where>(where: W, key: string | number): W {
  return whereAt(where, key) as W;
}

export function segmentsOf<W extends Where>(message: Message, path: W): Segment<W>[] {
  const segments: Segment<W>[] = [];
  const content = message.content;
  if (content?.type === 'text') segments.push({ kind: 'text', text: content.text, path: at(path, 'content'), fromBlock: false });
  else if (content?.type === 'parts') segments.push({ kind: 'parts', parts: content.parts, path: at(path, 'content') });
  else if (content?.type === 'blocks') {
    const blocksPath = at(at(path, 'content'), 'blocks');
    const blocks = content.blocks;
    for (let b = 0; b < blocks.length; b++) {
      const block = blocks[b] as (typeof blocks)[number];
      const blockPath = at(blocksPath, b);
      switch (block.type) {
        case 'thoughts':
          segments.push({ kind: 'thoughts', block, path: blockPath });
          break;
        case 'response':
          segments.push(block.extra ? { kind: 'text', text: block.text, extra: block.extra, extraSource: block.extraSource, path: blockPath, fromBlock: true } : { kind: 'text', text: block.text, path: blockPath, fromBlock: true });
          break;
        case 'tool_calls': {
          const callsPath = at(blockPath, 'calls');
          for (let c = 0; c < block.calls.length; c++) segments.push({ kind: 'call', call: block.calls[c] as ToolCall, path: at(callsPath, c) });
          break;
        }
        case 'tool_outputs': {
          const outputsPath = at(blockPath, 'outputs');
          for (let o = 0; o < block.outputs.length; o++) segments.push({ kind: 'output', output: block.outputs[o] as ToolOutput, path: at(outputsPath, o) });
          break;
        }
        case 'unknown':
          segments.push({ kind: 'unknown', block, path: blockPath });
          break;
      }
    }
  }
  const toolCalls = message.toolCalls;
  if (toolCalls) {
    const callsPath = at(path, 'toolCalls');
    for (let c = 0; c < toolCalls.length; c++) segments.push({ kind: 'call', call: toolCalls[c] as ToolCall, path: at(callsPath, c) });
  }
  return segments;
}

/** A flat dialect's message made from segments: reasoning, then text, then calls; or one tool result. */
export type Turn<W extends Where = FieldPath> =
  | { kind: 'message'; thoughts: readonly Segment<W>[]; content: readonly Segment<W>[]; calls: readonly Extract<Segment<W>, { kind: 'call' }>[]; unknown: readonly Segment<W>[] }
  | { kind: 'output'; segment: Extract<Segment<W>, { kind: 'output' }> };

const RANK: Record<'thoughts' | 'text' | 'parts' | 'call', number> = { thoughts: 0, text: 1, parts: 1, call: 2 };

/** The lists a turn has nothing in share this one (most turns have two of the four kinds). */
const NONE: readonly never[] = [];

function plus<T>(list: readonly T[], item: T): readonly T[] {
  if (list === NONE) return [item];
  (list as T[]).push(item);
  return list;
}

/**
 * Groups segments into turns in order: a turn holds thoughts, then text, then calls, so a
 * segment that would go back (text after a call, thoughts after text) starts a new turn; each
 * tool output is a turn of its own. Unknown blocks stay with the turn they are in.
 */
export function turnsOf<W extends Where>(segments: readonly Segment<W>[]): Turn<W>[] {
  const turns: Turn<W>[] = [];
  let current: Extract<Turn<W>, { kind: 'message' }> | undefined;
  let rank = -1;
  for (const segment of segments) {
    if (segment.kind === 'output') {
      if (current) turns.push(current);
      current = undefined;
      rank = -1;
      turns.push({ kind: 'output', segment });
      continue;
    }
    if (segment.kind !== 'unknown') {
      const r = RANK[segment.kind];
      if (current && r < rank) {
        turns.push(current);
        current = undefined;
        rank = -1;
      }
      rank = Math.max(rank, r);
    }
    current ??= { kind: 'message', thoughts: NONE, content: NONE, calls: NONE, unknown: NONE };
    if (segment.kind === 'thoughts') current.thoughts = plus(current.thoughts, segment);
    else if (segment.kind === 'text' || segment.kind === 'parts') current.content = plus(current.content, segment);
    else if (segment.kind === 'call') current.calls = plus(current.calls, segment);
    else current.unknown = plus(current.unknown, segment);
  }
  if (current) turns.push(current);
  return turns;
}
