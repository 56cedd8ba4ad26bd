/**
 * Encoding a render again after a keystroke without encoding all of it again. A tokenizer.json
 * tokenizer cuts the text at its added tokens (special tokens) before anything else, and encodes
 * the pieces between them one by one; so a render cut at its special tokens encodes piece by
 * piece to the same tokens, and a piece that did not change is taken from the last call. At
 * 2,000 messages a keystroke then encodes one message instead of a megabyte.
 *
 * Only for tokenizers where that holds exactly: no added token that eats the spaces beside it
 * (lstrip/rstrip), no SentencePiece-style prefix space (which the first piece only gets), no
 * token added after the text. Tokens added before it (Llama 3's BOS, `addsPrefix`) are a fixed
 * frame: `Tokenizer.encode` adds them itself (the library's post-processor never runs with its
 * special tokens: load.ts), at character 0, when the text does not already start with them; the
 * pieces after them encode alike. The caller checks the first text against a whole encode too
 * (`agrees`), and falls back to whole encodes if not.
 */
import { flatEncoding, type FlatEncoding } from './flat.ts';
import type { TokenEncoding, Tokenizer, TokenizerFiles } from './types.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `files` describe a tokenizer whose encoding can be cut at its added tokens (see above). */
export function cutsAtAddedTokens(files: TokenizerFiles, tokenizer: Pick<Tokenizer, 'addsPrefix' | 'addsSuffix'>): boolean {
  // A suffix would be placed at the text's end by the alignment: not framed here (none of the shipped tokenizers adds one).
  if (tokenizer.addsSuffix.length > 0 || !isObject(files.tokenizer)) return false;
  const { added_tokens: added, normalizer, pre_tokenizer: preTokenizer } = files.tokenizer;
  if (Array.isArray(added) && added.some((t) => isObject(t) && (t.lstrip === true || t.rstrip === true))) return false;
  // Prefix spaces (Metaspace, Prepend) depend on where the text starts. The post-processor is not
  // read: Tokenizer.encode runs it without special tokens (load.ts), where a template adds none.
  const text = JSON.stringify([normalizer ?? null, preTokenizer ?? null]);
  return !/Metaspace|Prepend/.test(text);
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

interface Piece {
  /** The tokens the tokenizer adds before the text (`addsPrefix`): a piece of no characters at 0, never kept by place. */
  frame?: true;
  /** Undefined while not yet encoded (a piece `warm` has not reached, or one `plan` found new). */
  encoding?: TokenEncoding;
  /** The same as typed arrays, made when first asked (`encodeFlat`). */
  flat?: FlatEncoding;
}

/** A piece where it is in the text: [start, end). */
interface Placed {
  start: number;
  end: number;
  piece: Piece;
}

/**
 * An encoded piece where it is in the text, its tokens' places counted from `start`. The same
 * `flat` object (===) comes back for a piece found again from the last call (and for the pieces of
 * one call with the same short text): what the caller may key its own per-piece work by.
 */
export interface FlatPiece {
  start: number;
  end: number;
  flat: FlatEncoding;
}

/** The encodings of `pieces`, in text order, joined into one of the whole text (typed arrays copied piece by piece). */
export function joinFlatPieces(pieces: readonly FlatPiece[]): FlatEncoding {
  let length = 0;
  for (const { flat } of pieces) length += flat.ids.length;
  const out: FlatEncoding = { ids: new Int32Array(length), starts: new Int32Array(length), ends: new Int32Array(length), exact: true };
  let at = 0;
  for (const { start, flat } of pieces) {
    out.ids.set(flat.ids, at);
    for (let i = 0; i < flat.ids.length; i++) {
      out.starts[at + i] = (flat.starts[i] as number) + start;
      out.ends[at + i] = (flat.ends[i] as number) + start;
    }
    if (!flat.exact) out.exact = false;
    at += flat.ids.length;
  }
  return out;
}

/**
 * Pieces up to this long (a role line, the line break between two turns: the same few texts
 * thousands of times) are shared by text within a call. Longer ones are found again by place
 * alone: the same start as in the last text, or the same distance from its end, and the same
 * text. Hashing every piece's text as a map key cost more than the rest of a keystroke's encode
 * (~20 ms for the 8,000 pieces of 2,000 messages); comparing a piece with the one at its place
 * is a plain comparison of two strings.
 */
const SHORT_PIECE = 64;

/**
 * An encoder that keeps the last call's pieces. `cuts`: offsets where the text may be cut (the
 * starts and ends of its special tokens that are added tokens of this tokenizer), sorted.
 * `encode` gives the joined `TokenEncoding`; `encodeFlat` typed arrays (the Token view's), joined
 * by copying each piece's arrays, not token by token into growing arrays. `encodeFlatWithin`
 * encodes only when few characters are new (the app's page-side path: a keystroke, not a paste),
 * and `warm` encodes the pieces of a text a few at a time (in idle time) so that the next edit
 * finds them.
 */
export function segmentedEncoder(tokenizer: Pick<Tokenizer, 'encode'> & Partial<Pick<Tokenizer, 'addsPrefix'>>) {
  const prefixText = tokenizer.addsPrefix?.join('') ?? '';
  /** The prefix's tokens as a whole encode places them (an empty text's encoding: they cover no character, at 0). */
  let frame: Piece | undefined;
  const framed = (text: string): Piece | undefined => {
    if (prefixText === '' || text.startsWith(prefixText)) return undefined;
    frame ??= { frame: true, encoding: tokenizer.encode('', { addSpecialTokens: true }) };
    return frame;
  };
  /** The last call's text and its pieces already encoded (not the frame), in text order. */
  let last: { text: string; pieces: Placed[] } | undefined;
  /**
   * The pieces of `text`, those of the last text found again (same text at the same place);
   * `fresh`: the characters of the others. The place is looked up with two pointers that move
   * forward through the last pieces (by start, and by distance from the end: both in text
   * order), not in maps: building and hashing maps of ~8,000 pieces was a large share of a
   * keystroke at 2,000 messages. The short pieces' map is only asked for pieces not found by place.
   */
  const plan = (text: string, cuts: readonly number[]): { pieces: Placed[]; fresh: number } => {
    const pieces: Placed[] = [];
    const short = new Map<string, Piece>();
    const before = last;
    const kept = before?.pieces ?? [];
    const lastLength = before?.text.length ?? 0;
    let fresh = 0;
    const front = framed(text);
    if (front) pieces.push({ start: 0, end: 0, piece: front });
    // The piece of the last text at `at` (same start, or same distance from the end) when it has the same text.
    const reused = (candidate: Placed | undefined, slice: string): Piece | undefined =>
      before && candidate && candidate.end - candidate.start === slice.length && before.text.slice(candidate.start, candidate.end) === slice ? candidate.piece : undefined;
    let byStart = 0; // the first kept piece that starts at or after `at`
    let byEnd = 0; // the first kept piece that ends as far from the last text's end as this one from the text's end, or nearer
    let at = 0;
    for (const end of [...cuts, text.length]) {
      if (end <= at || end > text.length) continue;
      const slice = text.slice(at, end);
      while (byStart < kept.length && (kept[byStart] as Placed).start < at) byStart++;
      const distance = text.length - end;
      while (byEnd < kept.length && lastLength - (kept[byEnd] as Placed).end > distance) byEnd++;
      const sameStart = kept[byStart]?.start === at ? kept[byStart] : undefined;
      const sameEnd = kept[byEnd] !== undefined && lastLength - (kept[byEnd] as Placed).end === distance ? kept[byEnd] : undefined;
      let piece = reused(sameStart, slice) ?? reused(sameEnd, slice);
      if (!piece) {
        piece = slice.length <= SHORT_PIECE ? short.get(slice) : undefined;
        if (!piece) {
          piece = {};
          fresh += slice.length;
          if (slice.length <= SHORT_PIECE) short.set(slice, piece);
        }
      }
      pieces.push({ start: at, end, piece });
      at = end;
    }
    return { pieces, fresh };
  };
  /** Kept for the next call: the pieces of `text` that are encoded. */
  const keep = (text: string, pieces: readonly Placed[]): void => {
    last = { text, pieces: pieces.filter((placed) => placed.piece.encoding !== undefined && !placed.piece.frame) };
  };
  const encodePiece = (text: string, placed: Placed): TokenEncoding => (placed.piece.encoding ??= tokenizer.encode(text.slice(placed.start, placed.end), { addSpecialTokens: false }));
  const cut = (text: string, cuts: readonly number[]): Placed[] => {
    const { pieces } = plan(text, cuts);
    for (const placed of pieces) encodePiece(text, placed);
    keep(text, pieces);
    return pieces;
  };
  /** The pieces' typed arrays (made once per piece, when first asked). */
  const flatPieces = (pieces: readonly Placed[]): FlatPiece[] =>
    pieces.map(({ start, end, piece }) => ({ start, end, flat: (piece.flat ??= flatEncoding(piece.encoding as TokenEncoding)) }));
  const joinFlat = (pieces: readonly Placed[]): FlatEncoding => joinFlatPieces(flatPieces(pieces));
  const piecesWithin = (text: string, cuts: readonly number[], limit: number): FlatPiece[] | undefined => {
    const { pieces, fresh } = plan(text, cuts);
    if (fresh > limit) return undefined;
    for (const placed of pieces) encodePiece(text, placed);
    keep(text, pieces);
    return flatPieces(pieces);
  };
  return {
    encode(text: string, cuts: readonly number[]): TokenEncoding {
      return joinEncodings(cut(text, cuts).map(({ start, piece }) => ({ start, encoding: piece.encoding as TokenEncoding })));
    },
    encodeFlat(text: string, cuts: readonly number[]): FlatEncoding {
      return joinFlat(cut(text, cuts));
    },
    /**
     * As `encodeFlat` when at most `limit` characters are in pieces not found again from the last
     * call; undefined (and nothing kept or encoded) when more are.
     */
    encodeFlatWithin(text: string, cuts: readonly number[], limit: number): FlatEncoding | undefined {
      const pieces = piecesWithin(text, cuts, limit);
      return pieces && joinFlatPieces(pieces);
    },
    /** As `encodeFlatWithin`, the pieces not joined (`joinFlatPieces` joins them): for work done piece by piece too. */
    piecesWithin,
    /**
     * Encodes pieces of `text` not yet encoded, those up to `longest` characters, while `more()`
     * says there is time; keeps what is encoded for the next call. True when no piece it would
     * encode is left (a longer one is left to `encodeFlat`).
     */
    warm(text: string, cuts: readonly number[], longest: number, more: () => boolean): boolean {
      const { pieces } = plan(text, cuts);
      let done = true;
      for (const placed of pieces) {
        if (placed.piece.encoding || placed.end - placed.start > longest) continue;
        if (!more()) {
          done = false;
          break;
        }
        encodePiece(text, placed);
      }
      keep(text, pieces);
      return done;
    },
  };
}

/** Whether two encodings give the same tokens at the same places. */
export function agrees(a: Pick<FlatEncoding, 'ids' | 'starts' | 'ends'> | TokenEncoding, b: Pick<FlatEncoding, 'ids' | 'starts' | 'ends'> | TokenEncoding): boolean {
  if (a.ids.length !== b.ids.length) return false;
  for (let i = 0; i < a.ids.length; i++) if (a.ids[i] !== b.ids[i] || a.starts[i] !== b.starts[i] || a.ends[i] !== b.ends[i]) return false;
  return true;
}
