/**
 * Encoding a render again after a keystroke without encoding all of it again. A tokenizer.json
 * tokenizer cuts the text at its added tokens (special tokens) before anything else, and encodes
 * the pieces between them one by one; so a render cut at its special tokens encodes piece by
 * piece to the same tokens, and a piece that did not change is taken from the last call. At
 * 2,000 messages a keystroke then encodes one message instead of a megabyte.
 *
 * Only for tokenizers where that holds exactly: no token added around the text by the
 * post-processor, no added token that eats the spaces beside it (lstrip/rstrip), no
 * SentencePiece-style prefix space (which the first piece only gets). The caller checks the
 * first text against a whole encode too (`agrees`), and falls back to whole encodes if not.
 */
import type { TokenEncoding, Tokenizer, TokenizerFiles } from './types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `files` describe a tokenizer whose encoding can be cut at its added tokens (see above). */
export function cutsAtAddedTokens(files: TokenizerFiles, tokenizer: Pick<Tokenizer, 'addsPrefix' | 'addsSuffix'>): boolean {
  if (tokenizer.addsPrefix.length > 0 || tokenizer.addsSuffix.length > 0 || !isObject(files.tokenizer)) return false;
  const { added_tokens: added, normalizer, pre_tokenizer: preTokenizer, post_processor: postProcessor } = files.tokenizer;
  if (Array.isArray(added) && added.some((t) => isObject(t) && (t.lstrip === true || t.rstrip === true))) return false;
  const text = JSON.stringify([normalizer ?? null, preTokenizer ?? null, postProcessor ?? null]);
  // Prefix spaces (Metaspace, Prepend) and templates that add tokens depend on where the text starts or ends.
  return !/Metaspace|Prepend|TemplateProcessing|RobertaProcessing|BertProcessing/.test(text);
}

/** The encodings of `pieces` joined into one of their concatenation (offsets moved by each piece's start). */
export function joinEncodings(pieces: readonly { start: number; encoding: TokenEncoding }[]): TokenEncoding {
  const out: TokenEncoding = { ids: [], tokens: [], starts: [], ends: [], partial: [], added: [], exact: true };
  for (const { start, encoding } of pieces) {
    for (let i = 0; i < encoding.ids.length; i++) {
      out.ids.push(encoding.ids[i] ?? 0);
      out.tokens.push(encoding.tokens[i] ?? '');
      out.starts.push((encoding.starts[i] ?? 0) + start);
      out.ends.push((encoding.ends[i] ?? 0) + start);
      out.partial.push(encoding.partial[i] ?? false);
      out.added.push(encoding.added[i] ?? false);
    }
    if (!encoding.exact) out.exact = false;
  }
  return out;
}

/**
 * An encoder that keeps the last call's pieces. `cuts`: offsets where the text may be cut (the
 * starts and ends of its special tokens that are added tokens of this tokenizer), sorted.
 */
export function segmentedEncoder(tokenizer: Pick<Tokenizer, 'encode'>) {
  let cache = new Map<string, TokenEncoding>();
  return {
    encode(text: string, cuts: readonly number[]): TokenEncoding {
      const next = new Map<string, TokenEncoding>();
      const pieces: { start: number; encoding: TokenEncoding }[] = [];
      let at = 0;
      for (const cut of [...cuts, text.length]) {
        if (cut <= at || cut > text.length) continue;
        const piece = text.slice(at, cut);
        const encoding = next.get(piece) ?? cache.get(piece) ?? tokenizer.encode(piece, { addSpecialTokens: false });
        next.set(piece, encoding);
        pieces.push({ start: at, encoding });
        at = cut;
      }
      cache = next;
      return joinEncodings(pieces);
    },
  };
}

/** Whether two encodings give the same tokens at the same places. */
export function agrees(a: TokenEncoding, b: TokenEncoding): boolean {
  if (a.ids.length !== b.ids.length) return false;
  for (let i = 0; i < a.ids.length; i++) if (a.ids[i] !== b.ids[i] || a.starts[i] !== b.starts[i] || a.ends[i] !== b.ends[i]) return false;
  return true;
}
