/**
 * JSON parsing with a precise, engine-independent error: what is wrong and where (offset, line,
 * column). `JSON.parse` does the work for valid input (fast path); only on failure does a small
 * RFC 8259 scanner walk the text to find the first error, because engines word and locate their
 * errors differently (V8 gives an offset, Firefox a line and column, Safari neither).
 */

export interface JsonSyntaxError {
  /** A sentence without the location, e.g. `Expected ',' or '}' after a property value`. */
  message: string;
  /** UTF-16 offset of the error in the text. */
  offset: number;
  /** 1-based line and column (UTF-16 code units) of `offset`. */
  line: number;
  column: number;
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

export function parseJson(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (engineError) {
    const found = findJsonSyntaxError(text);
    if (found) return { ok: false, error: found };
    // The scanner accepts exactly RFC 8259, as JSON.parse does; this branch is a safety net.
    return { ok: false, error: locate(text, 0, engineError instanceof Error ? engineError.message : 'Invalid JSON') };
  }
}

/** `message at line L, column C` */
export function describeJsonSyntaxError(error: JsonSyntaxError): string {
  return `${error.message} at line ${error.line}, column ${error.column}`;
}

export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function locate(text: string, offset: number, message: string): JsonSyntaxError {
  return { message, offset, ...lineColumnAt(text, offset) };
}

class Failure {
  constructor(readonly offset: number, readonly message: string) {}
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.skipWhitespace();
    if (scanner.pos >= text.length) throw new Failure(scanner.pos, text.length === 0 ? 'Empty text: expected a JSON value' : 'Expected a JSON value, found only whitespace');
    scanner.value(0);
    scanner.skipWhitespace();
    if (scanner.pos < text.length) throw new Failure(scanner.pos, `Unexpected ${describeChar(text, scanner.pos)} after the JSON value`);
    return undefined;
  } catch (failure) {
    if (failure instanceof Failure) return locate(text, failure.offset, failure.message);
    throw failure;
  }
}

function describeChar(text: string, pos: number): string {
  if (pos >= text.length) return 'end of text';
  const char = String.fromCodePoint(text.codePointAt(pos) ?? 0);
  if (char === '\n') return 'line break';
  if (char.charCodeAt(0) < 0x20) return `control character U+${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
  return `"${char}"`;
}

/** Nesting deeper than this is reported rather than overflowing the stack on hostile input. */
const MAX_DEPTH = 2000;

class Scanner {
  pos = 0;
  constructor(private readonly text: string) {}

  skipWhitespace(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos += 1;
      else break;
    }
  }

  private fail(message: string, offset = this.pos): never {
    throw new Failure(offset, message);
  }

  value(depth: number): void {
    if (depth > MAX_DEPTH) this.fail(`Nesting deeper than ${MAX_DEPTH} levels`);
    const c = this.text[this.pos];
    switch (c) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true');
      case 'f':
        return this.literal('false');
      case 'n':
        return this.literal('null');
      case undefined:
        return this.fail('Unexpected end of text: expected a value');
      case "'":
        return this.fail('Strings must use double quotes');
      default:
        if (c === '-' || (c >= '0' && c <= '9')) return this.number();
        return this.fail(`Unexpected ${describeChar(this.text, this.pos)}: expected a value`);
    }
  }

  private literal(word: string): void {
    if (this.text.startsWith(word, this.pos)) {
      this.pos += word.length;
      return;
    }
    this.fail(`Unexpected ${describeChar(this.text, this.pos)}: expected a value (did you mean ${word}?)`);
  }

  private number(): void {
    const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    match.lastIndex = this.pos;
    const found = match.exec(this.text);
    if (!found || found[0] === '-' || found[0] === '') this.fail('Invalid number');
    this.pos += found[0].length;
    const next = this.text[this.pos];
    if (next !== undefined && /[0-9.eE+-]/.test(next)) this.fail('Invalid number', this.pos);
  }

  private string(): void {
    const start = this.pos;
    const { text } = this;
    this.pos += 1;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x22) {
        this.pos += 1;
        return;
      }
      if (c === 0x5c) {
        const escape = text[this.pos + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.pos + 2, this.pos + 6))) this.fail('Invalid \\u escape: expected 4 hex digits');
          this.pos += 6;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) {
          this.pos += 2;
        } else {
          this.fail(escape === undefined ? 'Unterminated string' : `Invalid escape "\\${escape}" in a string`, escape === undefined ? start : this.pos);
        }
        continue;
      }
      if (c < 0x20) this.fail(c === 0x0a ? 'Unterminated string (line break inside a string; write \\n)' : `Unescaped ${describeChar(text, this.pos)} inside a string`);
      this.pos += 1;
    }
    this.fail('Unterminated string', start);
  }

  private object(depth: number): void {
    this.pos += 1;
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos += 1;
      return;
    }
    for (;;) {
      const c = this.text[this.pos];
      if (c !== '"') {
        if (c === undefined) this.fail("Unexpected end of text: expected a property name or '}'");
        this.fail(c === "'" ? 'Property names must use double quotes' : `Unexpected ${describeChar(this.text, this.pos)}: expected a double-quoted property name`);
      }
      this.string();
      this.skipWhitespace();
      if (this.text[this.pos] !== ':') this.fail(`Expected ':' after the property name, found ${describeChar(this.text, this.pos)}`);
      this.pos += 1;
      this.skipWhitespace();
      this.value(depth + 1);
      this.skipWhitespace();
      const next = this.text[this.pos];
      if (next === '}') {
        this.pos += 1;
        return;
      }
      if (next === undefined) this.fail("Unexpected end of text: expected ',' or '}' (is a closing brace missing?)");
      if (next !== ',') this.fail(`Expected ',' or '}' after a property value, found ${describeChar(this.text, this.pos)}`);
      const comma = this.pos;
      this.pos += 1;
      this.skipWhitespace();
      if (this.text[this.pos] === '}') this.fail("Trailing comma before '}'", comma);
    }
  }

  private array(depth: number): void {
    this.pos += 1;
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos += 1;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.skipWhitespace();
      const next = this.text[this.pos];
      if (next === ']') {
        this.pos += 1;
        return;
      }
      if (next === undefined) this.fail("Unexpected end of text: expected ',' or ']' (is a closing bracket missing?)");
      if (next !== ',') this.fail(`Expected ',' or ']' after an array element, found ${describeChar(this.text, this.pos)}`);
      const comma = this.pos;
      this.pos += 1;
      this.skipWhitespace();
      if (this.text[this.pos] === ']') this.fail("Trailing comma before ']'", comma);
    }
  }
}
