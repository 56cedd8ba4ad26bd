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

/** GPT-2's `bytes_to_unicode`, reversed: the character a byte-level vocabulary writes → the byte. */
function byteLevelTable(): Map<number, number> {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const table = new Map<number, number>();
  for (const b of printable) table.set(b, b);
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!printable.includes(b)) {
      table.set(256 + n, b);
      n++;
    }
  }
  return table;
}

let byteLevel: Map<number, number> | undefined;

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
    for (const char of token) {
      const code = char.codePointAt(0) ?? 0;
      const byte = byteLevel.get(code);
      if (byte !== undefined) out[n++] = byte;
      else for (const b of utf8.encode(char)) out[n++] = b; // not a byte-level character: as written
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
