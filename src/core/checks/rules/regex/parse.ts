/**
 * Reads a JavaScript regular expression into a tree that match.ts runs in linear time. The
 * structure (sequence, alternation, repetition, groups, anchors, word boundaries) is read here;
 * every single-character piece (a literal, `.`, a class, `\d`, `\p{L}`…) is kept as its source
 * text and tested by JavaScript's own engine one character at a time, so that characters match
 * exactly as they would in `new RegExp(source, flags)` (case folding, Unicode classes).
 *
 * Refused, because no linear-time engine can run them: backreferences and lookaround. The
 * source must first compile as a JavaScript regular expression (the caller checks), so this
 * reader can assume it is well formed.
 */

/** One character test: the source of a literal, `.`, a class or a character escape. */
export interface AtomNode {
  type: 'atom';
  source: string;
}

export type AssertKind = 'start' | 'end' | 'word' | 'notWord';

export type RegexNode =
  | AtomNode
  | { type: 'assert'; kind: AssertKind }
  | { type: 'sequence'; items: RegexNode[] }
  | { type: 'alternation'; options: RegexNode[] }
  /** `max` undefined: no upper bound. */
  | { type: 'repeat'; node: RegexNode; min: number; max: number | undefined };

export type RegexParse = { ok: true; node: RegexNode } | { ok: false; message: string };

class Refused {
  constructor(readonly message: string) {}
}

export function parseRegex(source: string, unicode: boolean): RegexParse {
  try {
    const reader = new Reader(source, unicode);
    const node = reader.alternation();
    if (reader.at < source.length) throw new Refused(`unexpected "${source[reader.at]}" at character ${reader.at + 1}`);
    return { ok: true, node };
  } catch (thrown) {
    if (thrown instanceof Refused) return { ok: false, message: thrown.message };
    throw thrown;
  }
}

const QUANTIFIER = /\{(\d+)(,(\d*))?\}/y;

class Reader {
  at = 0;

  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  alternation(): RegexNode {
    const options = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { type: 'alternation', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      items.push(this.quantified(this.term()));
    }
    return items.length === 1 ? items[0]! : { type: 'sequence', items };
  }

  private quantified(node: RegexNode): RegexNode {
    const c = this.source[this.at];
    let min: number;
    let max: number | undefined;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      [min, max] = c === '*' ? [0, undefined] : c === '+' ? [1, undefined] : [0, 1];
    } else if (c === '{') {
      QUANTIFIER.lastIndex = this.at;
      const m = QUANTIFIER.exec(this.source);
      if (!m) return node; // a literal "{" (only without the u flag, where it is allowed)
      this.at = QUANTIFIER.lastIndex;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? undefined : Number(m[3]);
    } else {
      return node;
    }
    // Lazy or greedy matches the same texts: only whether there is a match matters here.
    if (this.source[this.at] === '?') this.at++;
    return { type: 'repeat', node, min, max };
  }

  private term(): RegexNode {
    const start = this.at;
    const c = this.source[this.at]!;
    switch (c) {
      case '(':
        return this.group();
      case '[':
        return this.atom(start, this.classEnd(start));
      case '^':
        this.at++;
        return { type: 'assert', kind: 'start' };
      case '$':
        this.at++;
        return { type: 'assert', kind: 'end' };
      case '\\':
        return this.escape();
      default: {
        // One character; with the u flag, a whole code point (both halves of a surrogate pair).
        const width = this.unicode && (this.source.codePointAt(start) ?? 0) > 0xffff ? 2 : 1;
        return this.atom(start, start + width);
      }
    }
  }

  private atom(from: number, to: number): AtomNode {
    this.at = to;
    return { type: 'atom', source: this.source.slice(from, to) };
  }

  private group(): RegexNode {
    const rest = this.source.slice(this.at, this.at + 4);
    if (rest.startsWith('(?=') || rest.startsWith('(?!') || rest.startsWith('(?<=') || rest.startsWith('(?<!')) {
      throw new Refused('lookahead and lookbehind ("(?=", "(?!", "(?<=", "(?<!") are not supported: they can take exponential time');
    }
    if (rest.startsWith('(?:')) this.at += 3;
    else if (rest.startsWith('(?<')) this.at = this.source.indexOf('>', this.at) + 1;
    else if (rest.startsWith('(?')) throw new Refused(`the group "${rest}…" is not supported`);
    else this.at += 1;
    const node = this.alternation();
    this.at++; // ")"
    return node;
  }

  /** The index after the class that opens at `start` (`[…]`, `[^…]`, `[]`). */
  private classEnd(start: number): number {
    let i = start + 1;
    if (this.source[i] === '^') i++;
    for (; i < this.source.length; i++) {
      if (this.source[i] === '\\') i++;
      else if (this.source[i] === ']') return i + 1;
    }
    return this.source.length;
  }

  private escape(): RegexNode {
    const start = this.at;
    const c = this.source[start + 1] ?? '';
    if (c === 'b' || c === 'B') {
      this.at = start + 2;
      return { type: 'assert', kind: c === 'b' ? 'word' : 'notWord' };
    }
    if (/[1-9]/.test(c) || (c === 'k' && this.source[start + 2] === '<')) {
      throw new Refused(`backreferences ("\\${c}…") are not supported: they can take exponential time`);
    }
    if (c === '0' && /[0-9]/.test(this.source[start + 2] ?? '')) throw new Refused('octal escapes ("\\0…") are not supported: write "\\x.." or "\\u...." instead');
    return this.atom(start, this.escapeEnd(start, c));
  }

  /** Where a character escape that starts at `start` (a backslash, then `c`) ends. */
  private escapeEnd(start: number, c: string): number {
    const after = start + 2;
    const hex = (count: number) => (new RegExp(`[0-9a-fA-F]{${count}}`, 'y').test(this.source.slice(after, after + count)) ? after + count : after);
    switch (c) {
      case 'x':
        return hex(2);
      case 'u':
        if (this.unicode && this.source[after] === '{') return this.source.indexOf('}', after) + 1;
        return hex(4);
      case 'c':
        return /[A-Za-z]/.test(this.source[after] ?? '') ? after + 1 : after;
      case 'p':
      case 'P':
        return this.unicode && this.source[after] === '{' ? this.source.indexOf('}', after) + 1 : after;
      default: {
        const width = this.unicode && (this.source.codePointAt(start + 1) ?? 0) > 0xffff ? 2 : 1;
        return start + 1 + width;
      }
    }
  }
}
