/**
 * One assistant turn of rendered Apertus text (everything between `<|assistant_start|>` and
 * `<|assistant_end|>`: consecutive assistant and tool messages merged by the template) cut into
 * segments: section tokens, tool-call lists, tool-output lists and text.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { warning } from '../../model/diagnostic.ts';
import { PARSE_CODES } from './parse-codes.ts';
import { scanCalls, scanOutputs, type ScannedCall } from './parse-lists.ts';
import { position, type Piece } from './parse-text.ts';
import { TOKENS } from './tokens.ts';

export type Segment =
  | { kind: 'inner' }
  | { kind: 'outer' }
  | { kind: 'calls'; calls: ScannedCall[] }
  | { kind: 'outputs'; outputs: string[] }
  | { kind: 'text'; text: string };

/** A token the template never writes inside a turn: kept as text, with a warning. */
function literal(source: string, piece: Piece & { kind: 'token' }, out: Diagnostic[]): Segment {
  const token = TOKENS[piece.name];
  out.push(warning(PARSE_CODES.literalToken, `${position(source, piece.start)}: ${token} cannot appear here in an assistant turn; kept as literal text.`));
  return { kind: 'text', text: token };
}

export function segmentTurn(source: string, pieces: readonly Piece[], out: Diagnostic[]): Segment[] {
  const segments: Segment[] = [];
  const push = (segment: Segment) => {
    const last = segments[segments.length - 1];
    if (segment.kind === 'text' && last?.kind === 'text') last.text += segment.text;
    else if (segment.kind !== 'text' || segment.text !== '') segments.push(segment);
  };
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    if (piece.kind === 'text') {
      pushText(piece, segments[segments.length - 1]?.kind === 'calls', push);
    } else if (piece.name === 'innerPrefix') {
      push({ kind: 'inner' });
    } else if (piece.name === 'innerSuffix') {
      push({ kind: 'outer' });
    } else if (piece.name === 'toolsPrefix') {
      const close = pieces.findIndex((p, j) => j > i && p.kind === 'token' && p.name === 'toolsSuffix');
      const list = close === -1 ? undefined : source.slice(piece.end, (pieces[close] as Piece).start);
      const calls = list === undefined ? undefined : scanCalls(list);
      if (calls === undefined || close === -1) {
        out.push(warning(PARSE_CODES.toolCalls, `${position(source, piece.start)}: expected a tool-call list [{"name": arguments}, …] closed by ${TOKENS.toolsSuffix}; kept as literal text.`));
        push(literal(source, piece, []));
        continue;
      }
      push({ kind: 'calls', calls });
      i = close;
    } else {
      push(literal(source, piece, out));
    }
  }
  return segments;
}

/** Text right after a tool-call list may start with the outputs `[a, b]`. */
function pushText(piece: Piece & { kind: 'text' }, afterCalls: boolean, push: (segment: Segment) => void): void {
  const found = afterCalls ? scanOutputs(piece.text, 0, piece.text.length) : undefined;
  if (!found) {
    push({ kind: 'text', text: piece.text });
    return;
  }
  push({ kind: 'outputs', outputs: found.outputs });
  push({ kind: 'text', text: piece.text.slice(found.end) });
}

/** True when the turn can only be written with structured (`blocks`) assistant messages. */
export function needsBlocks(segments: readonly Segment[]): boolean {
  // Legacy `tool_calls: []` renders nothing, so an empty call list needs a block too.
  return segments.some((s) => s.kind === 'inner' || s.kind === 'outer' || (s.kind === 'calls' && s.calls.length === 0));
}
