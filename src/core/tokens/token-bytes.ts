/**
 * The UTF-8 bytes a token stands for, read from its vocabulary string. The tokenizer library
 * returns ids and vocabulary strings only, no offsets; Parley recovers each token's place in the
 * text by spelling the tokens' bytes against the text's bytes (align.ts). How a vocabulary
 * string spells bytes depends on the tokenizer's kind, read once from its tokenizer.json.
 */

/** How a tokenizer's vocabulary strings spell bytes. */
export interface Spelling {
  /** GPT-2 byte-level BPE: every byte is one printable character (`Ġ` = space, `Ċ` = newline). */
  byteLevel: boolean;
  /** SentencePiece byte fallback: `<0xE2>` is the byte 0xE2. */
  byteFallback: boolean;
  /** SentencePiece/Metaspace: this character stands for a space (`▁`), or undefined. */
  spaceMark: string | undefined;
  /** WordPiece: this prefix marks a piece continuing a word (`##`), or undefined. */
  continuingPrefix: string | undefined;
}

/**
 * GPT-2's `bytes_to_unicode`, reversed: the character a byte-level vocabulary writes → the byte
 * (-1: not such a character). An array, not a Map: it is read for every character of every token.
 */
function byteLevelTable(): Int16Array {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const table = new Int16Array(512).fill(-1);
  for (const b of printable) table[b] = b;
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!printable.includes(b)) {
      table[256 + n] = b;
      n++;
    }
  }
  return table;
}

let byteLevel: Int16Array | undefined;

/**
 * The fast path of the alignment: the number of bytes of `token` when they are exactly the
 * text's bytes at `at`, without building them; -1 when they are not, or when this path cannot
 * tell (then `tokenBytes` decides). Covers byte-level tokens and ASCII added tokens: nearly all.
 */
export function matchAt(text: Uint8Array, at: number, token: string, added: boolean, spelling: Spelling): number {
  if (added) {
    if (at + token.length > text.length) return -1;
    for (let i = 0; i < token.length; i++) {
      const code = token.charCodeAt(i);
      if (code >= 0x80 || text[at + i] !== code) return -1;
    }
    return token.length;
  }
  if (!spelling.byteLevel) return -1;
  byteLevel ??= byteLevelTable();
  if (at + token.length > text.length) return -1;
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    const byte = code < 512 ? (byteLevel[code] ?? -1) : -1;
    if (byte < 0 || text[at + i] !== byte) return -1;
  }
  return token.length;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every component object of a tokenizer.json part, Sequence members included. */
function components(part: unknown): Json[] {
  if (!isObject(part)) return [];
  const members = part.pretokenizers ?? part.decoders ?? part.processors ?? part.normalizers;
  return Array.isArray(members) ? [part, ...members.flatMap(components)] : [part];
}

export function spellingOf(tokenizerJson: unknown): Spelling {
  const json = isObject(tokenizerJson) ? tokenizerJson : {};
  const model = isObject(json.model) ? json.model : {};
  const parts = [...components(json.decoder), ...components(json.pre_tokenizer)];
  const metaspace = parts.find((c) => c.type === 'Metaspace');
  const replace = parts.find((c) => c.type === 'Replace' && isObject(c.pattern) && c.content === ' ');
  const replaced = replace !== undefined && isObject(replace.pattern) ? replace.pattern.String : undefined;
  return {
    byteLevel: parts.some((c) => c.type === 'ByteLevel'),
    byteFallback: model.byte_fallback === true,
    spaceMark:
      metaspace !== undefined ? (typeof metaspace.replacement === 'string' ? metaspace.replacement : '▁')
      : typeof replaced === 'string' ? replaced
      : undefined,
    continuingPrefix: model.type === 'WordPiece' ? (typeof model.continuing_subword_prefix === 'string' ? model.continuing_subword_prefix : '##') : undefined,
  };
}

const utf8 = new TextEncoder();
const BYTE_FALLBACK = /^<0x([0-9A-Fa-f]{2})>$/;

/** The bytes of one token. `added`: an added token, whose vocabulary string is its text. */
export function tokenBytes(token: string, added: boolean, spelling: Spelling): Uint8Array {
  if (added) return utf8.encode(token);
  if (spelling.byteLevel) {
    byteLevel ??= byteLevelTable();
    const out = new Uint8Array(token.length * 4);
    let n = 0;
    for (let i = 0; i < token.length; i++) {
      const code = token.charCodeAt(i);
      const byte = code < 512 ? (byteLevel[code] ?? -1) : -1;
      if (byte >= 0) out[n++] = byte;
      else {
        // Not a byte-level character: as written (a whole code point, both halves of a pair).
        const point = token.codePointAt(i) ?? code;
        for (const b of utf8.encode(String.fromCodePoint(point))) out[n++] = b;
        if (point > 0xffff) i++;
      }
    }
    return out.subarray(0, n);
  }
  if (spelling.byteFallback) {
    const match = BYTE_FALLBACK.exec(token);
    if (match?.[1] !== undefined) return Uint8Array.of(parseInt(match[1], 16));
  }
  let text = token;
  if (spelling.spaceMark !== undefined) text = text.split(spelling.spaceMark).join(' ');
  if (spelling.continuingPrefix !== undefined && text.startsWith(spelling.continuingPrefix)) text = text.slice(spelling.continuingPrefix.length);
  return utf8.encode(text);
}
