/**
 * How the numbers of a JSON text were spelled. `JSON.parse` keeps only their values: `1.0`,
 * `1e0` and `1` all become 1, `-0` becomes -0 (which `JSON.stringify` writes `0`), and an
 * integer of 20 digits becomes the nearest double. A record written back after an edit would
 * change all of them. This scan finds, by path, each number whose text `JSON.stringify` would
 * not give back (`json-stringify.ts` writes it as it was, when the value there is still the same).
 *
 * One pass over the text, no recursion (a record nested 5,000 deep is scanned like any other),
 * and nothing is stored for a number written the usual way: most records yield an empty tree.
 */

/** Per key (object) or index (array): the spelling of a number there, or the spellings below it. */
export type NumberSpellings = Map<string | number, string | NumberSpellings>;

interface Frame {
  array: boolean;
  /** The item's index in an array. */
  index: number;
  /** The current key of an object: its text in the source, quotes included, and its value once needed. */
  keyStart: number;
  keyEnd: number;
  key: string | undefined;
  /** This container's entry in the tree, made when a number below it needs one. */
  node: NumberSpellings | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The spellings of the numbers of `text` (one JSON value) that differ from how `JSON.stringify`
 * writes their value, by path; undefined when there are none (the usual case). Text that is not
 * JSON gives a tree of whatever was found: harmless, since a spelling is only ever written for
 * a number of the same value (`json-stringify.ts`).
 */
export function numberSpellings(text: string): NumberSpellings | undefined {
  const frames: Frame[] = [];
  let root: NumberSpellings | undefined;
  let expectKey = false;

  /** The tree node of frame `k` (made, with the ones above it, when missing). */
  const nodeOf = (k: number): NumberSpellings => {
    let first = k;
    while (first > 0 && (frames[first] as Frame).node === undefined) first -= 1;
    if (first === 0 && (frames[0] as Frame).node === undefined) (frames[0] as Frame).node = root ??= new Map();
    for (let j = first + 1; j <= k; j++) {
      const parent = frames[j - 1] as Frame;
      const node: NumberSpellings = new Map();
      // A later container at the same path (a repeated key) replaces an earlier one, as in JSON.parse.
      (parent.node as NumberSpellings).set(segmentOf(parent, text), node);
      (frames[j] as Frame).node = node;
    }
    return (frames[k] as Frame).node as NumberSpellings;
  };

  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const j = closingQuote(text, i + 1);
      const top = frames[frames.length - 1];
      if (expectKey && top && !top.array) {
        top.keyStart = i;
        top.keyEnd = j + 1;
        top.key = undefined;
        expectKey = false;
      }
      i = j + 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      frames.push({ array: c === 0x5b, index: 0, keyStart: 0, keyEnd: 0, key: undefined, node: undefined });
      expectKey = c === 0x7b;
      i += 1;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      frames.pop();
      expectKey = false;
      i += 1;
    } else if (c === 0x2c /* , */) {
      const top = frames[frames.length - 1];
      if (top?.array) top.index += 1;
      else expectKey = true;
      i += 1;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < length && isNumberPart(text.charCodeAt(j))) j += 1;
      const spelled = text.slice(i, j);
      if (frames.length > 0 && spelled !== JSON.stringify(Number(spelled))) {
        const k = frames.length - 1;
        nodeOf(k).set(segmentOf(frames[k] as Frame, text), spelled);
      }
      i = j;
    } else {
      // White space, `:`, and the letters of true, false, null.
      i += 1;
    }
  }
  return root;
}

/**
 * The index of the quote that ends the string whose text starts at `from` (the text's length if
 * none). `indexOf` jumps over the text (most of a record is strings: a character-by-character
 * loop took twice as long); a quote after an odd number of backslashes is escaped.
 */
function closingQuote(text: string, from: number): number {
  let at = from;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let before = quote - 1;
    while (before >= from && text.charCodeAt(before) === BACKSLASH) before -= 1;
    if ((quote - 1 - before) % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Digits, `.`, `e`, `E`, `+`, `-`: what may follow the first character of a JSON number. */
function isNumberPart(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

/** The path segment of a frame's current item: its index, or its key (decoded once, escapes and all). */
function segmentOf(frame: Frame, text: string): string | number {
  if (frame.array) return frame.index;
  if (frame.key === undefined) {
    const quoted = text.slice(frame.keyStart, frame.keyEnd);
    frame.key = quoted.includes('\\') ? decodeKey(quoted) : quoted.slice(1, -1);
  }
  return frame.key;
}

/** A key with escapes, decoded; in text that is not JSON, its raw text (a path no value will have). */
function decodeKey(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted;
  }
}

/**
 * Whether `value` (parsed JSON, or what an encoder made of it) holds a number anywhere. A value
 * without one needs no spellings, and walking its nodes costs far less than scanning its text,
 * most of which is strings: `parley convert --jsonl` asks this first (the scan cost it 8% on
 * the benchmark file, whose records hold no number). No recursion, like the scan.
 */
export function holdsNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number') return true;
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else {
      for (const key in item) stack.push((item as Record<string, unknown>)[key]);
    }
  }
  return false;
}
