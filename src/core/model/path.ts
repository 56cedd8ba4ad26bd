/**
 * A field path inside a record: `['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments']`.
 * Used by spans (which field produced this text), diagnostics (which field is wrong) and the app
 * (which form field to focus). Paths name model fields, which mirror the Apertus JSON names.
 */
export type FieldPath = readonly (string | number)[];

/**
 * A place in a record, named one key at a time (`place.at('content').at(0)`), whose
 * `FieldPath` is made only when something asks for it (a diagnostic, a span), and then kept.
 * Readers and renderers go through every node of every record and most nodes have nothing to
 * report: copying the parent's path into a new array at each level (`[...path, key]`) was a
 * large share of what reading and rendering a data set allocated, all of it garbage at once.
 */
export class Place {
  private made: FieldPath | undefined;

  /** `new Place()` is the record itself (the path `[]`). */
  constructor(
    private readonly parent?: Place,
    private readonly key?: string | number,
  ) {}

  at(key: string | number): Place {
    return new Place(this, key);
  }

  get path(): FieldPath {
    if (this.made !== undefined) return this.made;
    // One array for this place, filled from the keys up the chain: the places between (a
    // message's content, its blocks) get none unless they are asked for themselves.
    const keys: (string | number)[] = [];
    let key = this.key;
    for (let up = this.parent; key !== undefined; up = up?.parent) {
      keys.push(key);
      key = up?.key;
    }
    this.made = keys.reverse();
    return this.made;
  }
}

/** Where something is: a path, or a place whose path is made when needed. */
export type Where = FieldPath | Place;

export function pathAt(where: Where): FieldPath {
  // Most places are paths: `Array.isArray` answers them without `instanceof`'s walk up the
  // prototype chain (this runs for every piece of every render).
  return Array.isArray(where) ? (where as FieldPath) : (where as Place).path;
}

/** `where` one key further in: a place stays a place (no array is made). */
export function whereAt(where: Where, key: string | number): Where {
  return where instanceof Place ? where.at(key) : [...where, key];
}

/** `/^[A-Za-z_$][\w$]*$/` without a regular expression: called for every segment of every path printed (the command line prints a diagnostic per line, often hundreds per record). */
function isIdentifier(segment: string): boolean {
  if (segment.length === 0) return false;
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
    if (!letter && (i === 0 || c < 48 || c > 57)) return false;
  }
  return true;
}

/** `[0]` … `[1023]`: the index pieces of the paths a record has, made once. */
const INDEX_PIECES = Array.from({ length: 1024 }, (_, i) => `[${i}]`);

/**
 * The piece of a formatted path for a key (`.content`, `["two words"]`), per key: the keys of
 * paths are mostly the model's few field names, and making the piece again for each path was
 * most of what formatting one cost. Bounded, as keys of unknown fields can be anything.
 */
const keyPieces = new Map<string, string>();
const KEY_PIECES_MAX = 1000;

function keyPiece(key: string): string {
  let piece = keyPieces.get(key);
  if (piece === undefined) {
    piece = isIdentifier(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    if (keyPieces.size < KEY_PIECES_MAX) keyPieces.set(key, piece);
  }
  return piece;
}

/** `messages[3].content.blocks[1].calls[0].arguments` */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string | number;
    if (typeof segment === 'number') out += Number.isInteger(segment) && segment >= 0 && segment < INDEX_PIECES.length ? (INDEX_PIECES[segment] as string) : `[${segment}]`;
    else {
      const piece = keyPiece(segment);
      // An identifier starts the path without its dot.
      out += out === '' && piece.charCodeAt(0) === 46 ? segment : piece;
    }
  }
  return out;
}

/** `messages[0].role`, or `input` for the top level (the start of a diagnostic's message, which must name a place). */
export function pathLabel(path: FieldPath): string {
  return path.length === 0 ? 'input' : formatPath(path);
}

/** Inverse of `formatPath` for the paths it produces. */
export function parsePath(text: string): FieldPath {
  const path: (string | number)[] = [];
  const token = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;
  let match: RegExpExecArray | null;
  while (token.lastIndex < text.length && (match = token.exec(text)) !== null) {
    if (match[1] !== undefined) path.push(match[1]);
    else if (match[2] !== undefined) path.push(Number(match[2]));
    else if (match[3] !== undefined) path.push(JSON.parse(match[3]) as string);
  }
  return path;
}

/** True when `inner` equals `outer` or lies below it. */
export function pathStartsWith(inner: FieldPath, outer: FieldPath): boolean {
  if (outer.length > inner.length) return false;
  return outer.every((segment, i) => inner[i] === segment);
}

export function pathsEqual(a: FieldPath, b: FieldPath): boolean {
  // Renderers compare a span's path with the next one's on every chunk, mostly the same array;
  // otherwise mostly paths of two neighbouring messages: a plain loop from the end (no callback
  // per segment) finds their difference first.
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = a.length - 1; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}
