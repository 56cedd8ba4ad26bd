/**
 * What hovering the preview says (pure, as Markdown): the meaning of a special token, the field
 * that produced a range of text, and a warning when content spells a special token.
 */
import { formatPath, type Span, type SpecialToken } from '../../../core/index.ts';

export interface HoverInfo {
  /** Range of the rendered text the hover is about. */
  start: number;
  end: number;
  /** Markdown paragraphs. */
  contents: string[];
}

/** Inline code that survives any content (a backtick inside gets a longer fence). */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\n/g, '↵')}${pad}${fence}`;
}

/** Where a span came from, for people: `messages[2].content.blocks[0].text`, or the format itself. */
export function origin(span: Span): string {
  return span.path.length === 0 ? 'added by the format (no field)' : `from ${inlineCode(formatPath(span.path))}`;
}

function training(span: Span): string {
  return span.trainable ? 'trained on (part of the training target)' : 'not trained on';
}

/** The special token (of `tokens`) whose occurrence in `text` covers `offset`, if any. */
export function tokenStringAt(text: string, offset: number, tokens: readonly SpecialToken[]): { token: SpecialToken; start: number } | undefined {
  let best: { token: SpecialToken; start: number } | undefined;
  for (const token of tokens) {
    const length = token.token.length;
    if (length === 0) continue;
    const from = Math.max(0, offset - length + 1);
    const at = text.slice(from, offset + length).indexOf(token.token);
    if (at === -1) continue;
    const start = from + at;
    if (start <= offset && offset < start + length && (!best || length > best.token.token.length)) best = { token, start };
  }
  return best;
}

/**
 * The piece of a special span under `offset`: a span may hold several tokens (`<s><|system_start|>`);
 * each known token is a piece, and text between known tokens (a BOS set by an option) another.
 */
export function specialPieceAt(text: string, span: Span, offset: number, tokens: readonly SpecialToken[]): { start: number; end: number; token: SpecialToken | undefined } {
  const known = [...tokens].filter((t) => t.token.length > 0).sort((a, b) => b.token.length - a.token.length);
  let gapStart = span.start;
  let at = span.start;
  while (at < span.end) {
    const token = known.find((t) => at + t.token.length <= span.end && text.startsWith(t.token, at));
    if (!token) {
      at++;
      continue;
    }
    if (offset >= gapStart && offset < at) return { start: gapStart, end: at, token: undefined };
    if (offset >= at && offset < at + token.token.length) return { start: at, end: at + token.token.length, token };
    at += token.token.length;
    gapStart = at;
  }
  return { start: gapStart, end: span.end, token: undefined };
}

/**
 * The hover for the character at `offset`: a special token shows its doc; content that
 * spells a special token warns about injection; other text says which field produced it.
 */
export function hoverAt(text: string, span: Span, offset: number, tokens: readonly SpecialToken[]): HoverInfo {
  const action = span.path.length > 0 ? ' · click to edit' : '';
  if (span.kind === 'special') {
    const piece = specialPieceAt(text, span, offset, tokens);
    const pieceText = text.slice(piece.start, piece.end);
    const doc = piece.token?.doc ?? 'Special text set by the format options (for example the BOS token).';
    return { start: piece.start, end: piece.end, contents: [`**Special token** ${inlineCode(pieceText)}`, doc, `${origin(span)} · ${training(span)}${action}`] };
  }
  if (span.kind === 'content') {
    const spelled = tokenStringAt(text, offset, tokens);
    if (spelled && spelled.start >= span.start && spelled.start + spelled.token.token.length <= span.end) {
      return {
        start: spelled.start,
        end: spelled.start + spelled.token.token.length,
        contents: [
          `**Text that spells a special token** ${inlineCode(spelled.token.token)}`,
          `This is content, ${origin(span)}, but a tokenizer that treats ${inlineCode(spelled.token.token)} as special reads it as the token (token injection).`,
          `The token means: ${spelled.token.doc}`,
        ],
      };
    }
  }
  const what = span.kind === 'content' ? 'Content' : 'Structure (written by the format)';
  return { start: span.start, end: span.end, contents: [`**${what}** ${origin(span)}`, `${training(span)}${action}`] };
}
