/**
 * Tag attributes: `name="…" id="…" status="…"`. The spec quotes values but does not say how a
 * value holds a quote, so Parley escapes what would break the tag, the way JSON strings do:
 * `\` → `\\`, `"` → `\"`, line feed → `\n`, carriage return → `\r` (a tag stays on one line).
 * Everything else, `>>` included, is written as is: the reader scans quoted strings, so
 * `name="a>>b"` reads back as `a>>b`.
 */

const ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', r: '\r' };

export function escapeAttribute(value: string): string {
  return /[\\"\n\r]/.test(value) ? value.replace(/[\\"\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}

export interface ParsedAttribute {
  key: string;
  value: string;
  /** Offset of the key in the text (for diagnostics). */
  at: number;
}

export type AttributesResult =
  | { ok: true; attributes: ParsedAttribute[]; end: number; problems: { offset: number; message: string }[] }
  | { ok: false; offset: number; message: string };

const KEY = /[A-Za-z_][\w-]*/y;

/**
 * Reads ` key="value"` pairs from `start` up to and including the closing `>>` of the tag (on
 * the same line). `end` is the offset just after `>>`. Unknown escapes are kept as written and
 * reported in `problems`.
 */
export function parseAttributes(text: string, start: number): AttributesResult {
  const attributes: ParsedAttribute[] = [];
  const problems: { offset: number; message: string }[] = [];
  let i = start;
  for (;;) {
    if (text.startsWith('>>', i)) return { ok: true, attributes, end: i + 2, problems };
    if (text[i] !== ' ' && text[i] !== '\t') {
      return { ok: false, offset: i, message: i >= text.length || text[i] === '\n' ? 'the tag is not closed with ">>" on its line' : 'expected a space, then key="value", or ">>"' };
    }
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text.startsWith('>>', i)) return { ok: true, attributes, end: i + 2, problems };
    KEY.lastIndex = i;
    const key = KEY.exec(text)?.[0];
    if (key === undefined) return { ok: false, offset: i, message: 'expected an attribute name (name, id or status)' };
    const at = i;
    i += key.length;
    if (!text.startsWith('="', i)) return { ok: false, offset: i, message: `expected ="…" after ${key}` };
    i += 2;
    let value = '';
    for (;;) {
      const c = text[i];
      if (c === undefined || c === '\n') return { ok: false, offset: i, message: `the value of ${key} has no closing quote on its line` };
      if (c === '"') break;
      if (c === '\\') {
        const next = text[i + 1];
        const unescaped = next === undefined ? undefined : UNESCAPES[next];
        if (unescaped === undefined) {
          problems.push({ offset: i, message: `unknown escape "\\${next ?? ''}" in the value of ${key} (use \\\\, \\", \\n or \\r); kept as written` });
          value += c;
          i += 1;
          continue;
        }
        value += unescaped;
        i += 2;
        continue;
      }
      value += c;
      i += 1;
    }
    attributes.push({ key, value, at });
    i += 1;
  }
}
