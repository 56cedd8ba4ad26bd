/**
 * JSON read the way Python's `json.loads` reads it, for re-writing the way `json.dumps` writes
 * it: object keys keep their written order (JavaScript objects put integer-like keys first),
 * a repeated key keeps its first position and its last value (a Python dict built from the
 * pairs), and numbers keep their text (Python keeps integers exact and tells `1` from `1.0`).
 * Strict RFC 8259 syntax, as the rest of Parley (no NaN or Infinity).
 */
import type { FieldPath } from '../../model/path.ts';

/** Where a node's text comes from: the field (span path) and whether an author wrote it. */
export interface JsonOrigin {
  path: FieldPath;
  /** Keys and values written by an author (content spans) rather than by the format (structure). */
  author: boolean;
}

export type JsonNode = (
  | { type: 'object'; entries: JsonEntry[] }
  | { type: 'array'; items: JsonNode[] }
  | { type: 'string'; value: string }
  | { type: 'number'; text: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' }
) & { origin?: JsonOrigin };

export interface JsonEntry {
  key: string;
  value: JsonNode;
}

export type JsonRead = { ok: true; node: JsonNode; end: number } | { ok: false; message: string; offset: number };

/** Python's recursion limit makes json.loads fail near this depth; deeper input is reported, not a stack overflow. */
const MAX_DEPTH = 1000;

class Failure {
  constructor(readonly offset: number, readonly message: string) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Reader {
  pos: number;
  constructor(private readonly text: string, start: number) {
    this.pos = start;
  }

  fail(message: string, offset = this.pos): never {
    throw new Failure(offset, message);
  }

  space(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos += 1;
      else break;
    }
  }

  value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return { type: 'string', value: this.string() };
    if (this.text.startsWith('true', this.pos)) return this.word(4, { type: 'boolean', value: true });
    if (this.text.startsWith('false', this.pos)) return this.word(5, { type: 'boolean', value: false });
    if (this.text.startsWith('null', this.pos)) return this.word(4, { type: 'null' });
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (match !== null) {
      this.pos += match[0].length;
      return { type: 'number', text: match[0] };
    }
    return this.fail(c === undefined ? 'unexpected end of text, expected a value' : `unexpected ${JSON.stringify(c)}, expected a value`);
  }

  private word(length: number, node: JsonNode): JsonNode {
    this.pos += length;
    return node;
  }

  private object(depth: number): JsonNode {
    this.pos += 1;
    const entries: JsonEntry[] = [];
    const index = new Map<string, number>();
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos += 1;
      return { type: 'object', entries };
    }
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') this.fail('expected a double-quoted property name');
      const key = this.string();
      this.space();
      if (this.text[this.pos] !== ':') this.fail("expected ':' after a property name");
      this.pos += 1;
      this.space();
      const value = this.value(depth + 1);
      const at = index.get(key);
      if (at === undefined) {
        index.set(key, entries.length);
        entries.push({ key, value });
      } else {
        (entries[at] as JsonEntry).value = value;
      }
      this.space();
      const next = this.text[this.pos];
      this.pos += 1;
      if (next === '}') return { type: 'object', entries };
      if (next !== ',') this.fail("expected ',' or '}' after a property value", this.pos - 1);
    }
  }

  private array(depth: number): JsonNode {
    this.pos += 1;
    const items: JsonNode[] = [];
    this.space();
    if (this.text[this.pos] === ']') {
      this.pos += 1;
      return { type: 'array', items };
    }
    for (;;) {
      this.space();
      items.push(this.value(depth + 1));
      this.space();
      const next = this.text[this.pos];
      this.pos += 1;
      if (next === ']') return { type: 'array', items };
      if (next !== ',') this.fail("expected ',' or ']' after an array item", this.pos - 1);
    }
  }

  private string(): string {
    const { text } = this;
    const start = this.pos + 1;
    let i = start;
    let out = '';
    let chunk = start;
    for (;;) {
      const c = text.charCodeAt(i);
      if (i >= text.length) this.fail('unterminated string', this.pos);
      if (c === 0x22) break;
      if (c < 0x20) this.fail('control character in a string (write it as an escape)', i);
      if (c === 0x5c) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid \\u escape', i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
          out += ESCAPES[e];
          i += 2;
        } else {
          this.fail('invalid escape', i);
        }
        chunk = i;
        continue;
      }
      i += 1;
    }
    out += text.slice(chunk, i);
    this.pos = i + 1;
    return out;
  }
}

/** One JSON value starting exactly at `start` (no leading whitespace); `end` is just after it. */
export function readJsonAt(text: string, start: number): JsonRead {
  const reader = new Reader(text, start);
  try {
    const node = reader.value(0);
    return { ok: true, node, end: reader.pos };
  } catch (failure) {
    if (failure instanceof Failure) return { ok: false, message: failure.message, offset: failure.offset };
    throw failure;
  }
}

/** The whole of `text` as one JSON value (whitespace around it allowed, as `json.loads`). */
export function readJson(text: string): JsonRead {
  const reader = new Reader(text, 0);
  try {
    reader.space();
    const node = reader.value(0);
    reader.space();
    if (reader.pos < text.length) reader.fail('unexpected text after the JSON value');
    return { ok: true, node, end: reader.pos };
  } catch (failure) {
    if (failure instanceof Failure) return { ok: false, message: failure.message, offset: failure.offset };
    throw failure;
  }
}

/** A JavaScript value (a tool's parameters schema, already parsed elsewhere) as a node. */
export function nodeOf(value: unknown): JsonNode {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'boolean') return { type: 'boolean', value };
  // String(n) is a JSON number for finite n (integers as digits); NaN and Infinity come out as Python writes them.
  if (typeof value === 'number') return { type: 'number', text: String(value) };
  if (typeof value === 'string') return { type: 'string', value };
  if (Array.isArray(value)) return { type: 'array', items: value.map(nodeOf) };
  if (typeof value === 'object') {
    const entries: JsonEntry[] = [];
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) if (item !== undefined) entries.push({ key, value: nodeOf(item) });
    return { type: 'object', entries };
  }
  // Functions, symbols, bigints cannot come from JSON; write their text rather than fail.
  return { type: 'string', value: String(value) };
}

/** The node as a JavaScript value (for checks such as "is it an object", and for the model). */
export function valueOf(node: JsonNode): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // defineProperty, not assignment: a "__proto__" key is data here, as in JSON.parse.
      for (const entry of node.entries) Object.defineProperty(out, entry.key, { value: valueOf(entry.value), enumerable: true, writable: true, configurable: true });
      return out;
    }
    case 'array':
      return node.items.map(valueOf);
    case 'string':
      return node.value;
    case 'number':
      return Number(node.text);
    case 'boolean':
      return node.value;
    case 'null':
      return null;
  }
}

/** A copy of the node tagged with an origin (descendants inherit it). */
export function withOrigin(node: JsonNode, origin: JsonOrigin): JsonNode {
  return { ...node, origin };
}
