/**
 * A tokenization's answer from an encoding: the mask, the counts and the split special tokens
 * (core/tokens/flat.ts). One function for both places that tokenize the Token view's text, the
 * token worker and the page itself (page-tokens.ts), so that the two give the same answer.
 */
import { flatSpecialSplits, flatTokenMask, SPAN_FIELDS, type FlatEncoding, type FlatMask } from '../../core/tokens/flat.ts';
import type { SpecialSplit as CoreSplit, Tokenizer } from '../../core/tokens/index.ts';
import type { pieceMasker } from '../../core/tokens/piece-mask.ts';
import type { FlatPiece } from '../../core/tokens/segmented.ts';
import type { SplitSpecial, TokenResult } from './protocol.ts';

/** What a tokenization is asked for: the render's text and its flat spans (protocol.ts, `tokenize`). */
export interface TokenQuestion {
  text: string;
  spans: Int32Array;
  trainable: Uint8Array;
  messageCount: number;
}

/** Where the text may be cut for piece-by-piece encoding: the starts and ends of its special spans that are added tokens. */
export function addedTokenCuts(tokenizer: Pick<Tokenizer, 'addedTokens'>, text: string, spans: Int32Array): number[] {
  const cuts: number[] = [];
  for (let i = 0; i + SPAN_FIELDS - 1 < spans.length; i += SPAN_FIELDS) {
    const start = spans[i] as number;
    const end = spans[i + 1] as number;
    if (spans[i + 3] === 1 && tokenizer.addedTokens.has(text.slice(start, end))) cuts.push(start, end);
  }
  return cuts;
}

/** The split special tokens by text: a render writes the same token many times. */
function groupSplits(splits: readonly CoreSplit[]): SplitSpecial[] {
  const byText = new Map<string, SplitSpecial>();
  for (const split of splits) {
    const seen = byText.get(split.text);
    if (seen) seen.occurrences++;
    else byText.set(split.text, { token: split.text, tokens: split.tokens, occurrences: 1 });
  }
  return [...byText.values()];
}

/**
 * The answer for `question` from its encoding (whose arrays the answer takes as they are: pass
 * copies of arrays kept elsewhere). `began`: performance.now() when the tokenization began.
 * `segmented`: the encoding was made piece by piece and the pieces were checked against a whole encode.
 */
export function tokenAnswer(question: TokenQuestion, encoding: FlatEncoding, began: number, segmented: boolean): TokenResult {
  const mask = flatTokenMask(encoding, question.spans, question.trainable, question.messageCount);
  return answerOf(encoding, mask, groupSplits(flatSpecialSplits(question.text, encoding, question.spans)), began, segmented);
}

/**
 * The same answer from the encoding's pieces (segmented.ts), masked piece by piece by `masker`,
 * which masks again only the pieces that changed since its last call (core/tokens/piece-mask.ts):
 * the page's, whose keystroke must fit in a frame at 2,000 messages.
 */
export function tokenAnswerOfPieces(question: TokenQuestion, pieces: readonly FlatPiece[], masker: ReturnType<typeof pieceMasker>, began: number): TokenResult {
  const mask = masker.mask(question.text, pieces, question.spans, question.trainable, question.messageCount);
  return answerOf(mask.encoding, mask, groupSplits(mask.splits), began, true);
}

function answerOf(encoding: FlatEncoding, mask: FlatMask, splitSpecials: SplitSpecial[], began: number, segmented: boolean): TokenResult {
  return {
    ids: encoding.ids,
    starts: encoding.starts,
    ends: encoding.ends,
    trained: mask.trained,
    message: mask.message,
    perMessage: mask.perMessage,
    trainedCount: mask.trainedCount,
    straddling: mask.straddling,
    exact: encoding.exact,
    splitSpecials,
    segmented,
    took: performance.now() - began,
  };
}
