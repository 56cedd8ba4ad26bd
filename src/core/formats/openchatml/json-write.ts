/**
 * JSON written the way Python's `json.dumps` writes it: compact with `", "` and `": "`
 * separators (`json.dumps(v)`), or pretty with `indent=2` (item separator `","`, key separator
 * `": "`); `ensure_ascii` escapes everything outside printable ASCII as `\uXXXX` (lowercase hex).
 * Numbers as Python prints what `json.loads` made of them: integers exactly, floats as `repr`.
 * The `spec` layout keeps non-empty arrays of plain values on one line, as spec 003 shows them.
 *
 * Output goes to a sink piece by piece with its span kind and path, so that the renderer can
 * say which field produced each character.
 */
import type { FieldPath } from '../../model/path.ts';
import type { SpanKind } from '../types.ts';
import type { JsonEntry, JsonNode, JsonOrigin } from './json-node.ts';
import type { JsonStyle } from './options.ts';

export type JsonSink = (text: string, kind: SpanKind, path: FieldPath) => void;

export interface JsonLayout {
  /** Undefined: compact; 2: `indent=2`. */
  indent: number | undefined;
  style: JsonStyle;
  ensureAscii: boolean;
}

const NO_ORIGIN: JsonOrigin = { path: [], author: false };

/** Python's `repr` of a float. */
export function pythonFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  // toExponential() without digits gives the shortest round-trip digits, as Python's repr does.
  const [mantissa = '', exponentText = '0'] = x.toExponential().split('e');
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exponent < -4 || exponent >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return `${sign}${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/** A JSON number's text as Python writes the value `json.loads` gives for it. */
export function pythonNumber(text: string): string {
  if (/^-?\d+$/.test(text)) return text === '-0' ? '0' : text;
  return pythonFloat(Number(text));
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex -- as above, plus everything outside printable ASCII
const NEEDS_ESCAPE_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;
const SHORT_ESCAPES: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x08: '\\b', 0x0c: '\\f' };

/** A JSON string literal as Python writes it. */
export function pythonString(value: string, ensureAscii: boolean): string {
  if (!(ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(value)) return `"${value}"`;
  let out = '"';
  let chunk = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const short = SHORT_ESCAPES[c];
    if (short === undefined && c >= 0x20 && (!ensureAscii || c < 0x7f)) continue;
    out += value.slice(chunk, i) + (short ?? `\\u${c.toString(16).padStart(4, '0')}`);
    chunk = i + 1;
  }
  return `${out}${value.slice(chunk)}"`;
}

function isPlain(node: JsonNode): boolean {
  return node.type !== 'object' && node.type !== 'array';
}

class Writer {
  constructor(private readonly layout: JsonLayout, private readonly sink: JsonSink) {}

  node(node: JsonNode, level: number, inherited: JsonOrigin): void {
    const origin = node.origin ?? inherited;
    const valueKind: SpanKind = origin.author ? 'content' : 'structure';
    switch (node.type) {
      case 'object':
        this.container('{', '}', node.entries.length, level, origin, (i) => {
          const entry = node.entries[i] as JsonEntry;
          // A key belongs to its object: the format's own keys are structure, an author's are content.
          this.sink(pythonString(entry.key, this.layout.ensureAscii), valueKind, origin.path);
          this.sink(': ', 'structure', origin.path);
          this.node(entry.value, level + 1, origin);
        }, false);
        return;
      case 'array':
        this.container('[', ']', node.items.length, level, origin, (i) => this.node(node.items[i] as JsonNode, level + 1, origin), this.layout.style === 'spec' && node.items.every(isPlain));
        return;
      case 'string':
        this.sink(pythonString(node.value, this.layout.ensureAscii), valueKind, origin.path);
        return;
      case 'number':
        this.sink(pythonNumber(node.text), valueKind, origin.path);
        return;
      case 'boolean':
        this.sink(node.value ? 'true' : 'false', valueKind, origin.path);
        return;
      case 'null':
        this.sink('null', valueKind, origin.path);
    }
  }

  private container(open: string, close: string, count: number, level: number, origin: JsonOrigin, item: (i: number) => void, inline: boolean): void {
    const { indent } = this.layout;
    if (count === 0) {
      this.sink(open + close, 'structure', origin.path);
      return;
    }
    const pretty = indent !== undefined && !inline;
    const inner = pretty ? `\n${' '.repeat(indent * (level + 1))}` : '';
    this.sink(open + inner, 'structure', origin.path);
    for (let i = 0; i < count; i++) {
      if (i > 0) this.sink(pretty ? `,${inner}` : ', ', 'structure', origin.path);
      item(i);
    }
    this.sink(pretty ? `\n${' '.repeat(indent * level)}${close}` : close, 'structure', origin.path);
  }
}

/** Writes `node` to `sink` (at nesting `level`, for a value inside pretty-printed text). */
export function writeJson(node: JsonNode, layout: JsonLayout, sink: JsonSink, level = 0): void {
  new Writer(layout, sink).node(node, level, NO_ORIGIN);
}

/** `node` as text. */
export function jsonText(node: JsonNode, layout: JsonLayout): string {
  const chunks: string[] = [];
  writeJson(node, layout, (text) => chunks.push(text));
  return chunks.join('');
}
