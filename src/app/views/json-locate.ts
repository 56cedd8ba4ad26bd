/**
 * Where a path of a JSON document (`messages[1].tool_calls[0].function.name`, as decode
 * diagnostics name it) stands in the document's text, so that the JSON view can put the
 * diagnostic's marker there. Walks only along the path and skips everything else without
 * building values: cheap on a large document. The text must be valid JSON (the view checks the
 * syntax first).
 */
import type { FieldPath } from '../../core/index.ts';

export interface TextRange {
  start: number;
  end: number;
}

/**
 * The range to mark for `path`: a scalar value itself; for an object or array, its key (when it
 * is a property) or else its first line. When the path leads to nothing (a missing field), the
 * deepest part of it that exists. Undefined only for text that is not JSON.
 */
export function locateJsonPath(text: string, path: FieldPath): TextRange | undefined {
  const scanner = new Scanner(text);
  try {
    let key: TextRange | undefined;
    let at = scanner.skipSpace(0);
    for (const segment of path) {
      const child = scanner.child(at, segment);
      if (!child) break;
      key = child.key;
      at = child.value;
    }
    return scanner.markFor(at, key);
  } catch {
    return undefined;
  }
}

class Scanner {
  constructor(private readonly text: string) {}

  skipSpace(at: number): number {
    while (at < this.text.length && ' \t\n\r'.includes(this.text.charAt(at))) at++;
    return at;
  }

  /** The value of `segment` in the container starting at `at`, or undefined. */
  child(at: number, segment: string | number): { key?: TextRange; value: number } | undefined {
    const open = this.text.charAt(at);
    if (open === '{' && typeof segment === 'string') {
      let i = this.skipSpace(at + 1);
      while (this.text.charAt(i) === '"') {
        const keyEnd = this.skipString(i);
        const name = JSON.parse(this.text.slice(i, keyEnd)) as string;
        const value = this.skipSpace(this.skipSpace(keyEnd) + 1);
        if (name === segment) return { key: { start: i, end: keyEnd }, value };
        i = this.afterMember(this.skipValue(value));
      }
      return undefined;
    }
    if (open === '[' && typeof segment === 'number') {
      let i = this.skipSpace(at + 1);
      for (let index = 0; i < this.text.length && this.text.charAt(i) !== ']'; index++) {
        if (index === segment) return { value: i };
        i = this.afterMember(this.skipValue(i));
      }
    }
    return undefined;
  }

  markFor(at: number, key: TextRange | undefined): TextRange {
    const open = this.text.charAt(at);
    if (open !== '{' && open !== '[') return { start: at, end: Math.max(at + 1, this.skipValue(at)) };
    if (key) return key;
    const lineEnd = this.text.indexOf('\n', at);
    return { start: at, end: Math.min(lineEnd === -1 ? this.text.length : lineEnd, this.skipValue(at)) };
  }

  /** Past the `,` after a member, or at the closing bracket. */
  private afterMember(at: number): number {
    const i = this.skipSpace(at);
    return this.text.charAt(i) === ',' ? this.skipSpace(i + 1) : i;
  }

  private skipString(at: number): number {
    let i = at + 1;
    while (i < this.text.length) {
      const c = this.text.charAt(i);
      if (c === '\\') i += 2;
      else if (c === '"') return i + 1;
      else i++;
    }
    throw new Error('unterminated string');
  }

  skipValue(at: number): number {
    const c = this.text.charAt(at);
    if (c === '"') return this.skipString(at);
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      let i = this.skipSpace(at + 1);
      while (i < this.text.length && this.text.charAt(i) !== close) {
        if (c === '{') i = this.skipSpace(this.skipSpace(this.skipString(i)) + 1);
        i = this.afterMember(this.skipValue(i));
      }
      return i + 1;
    }
    let i = at;
    while (i < this.text.length && !',}] \t\n\r'.includes(this.text.charAt(i))) i++;
    return i;
  }
}
