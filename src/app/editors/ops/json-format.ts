/**
 * Re-layout of valid JSON text without parsing it into objects: keys keep their order (even
 * integer-like keys, which JavaScript objects would reorder) and numbers keep their spelling
 * (`1.0`, `1e3`, 20-digit ids), so pretty-printing tool call arguments changes only whitespace.
 */

const TOKEN = /\s*("(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+)/gy;

function tokens(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(text)) !== null) {
    if (match[1] !== undefined) out.push(match[1]);
  }
  return out;
}

/** Pretty-printed with `indent` spaces, like `JSON.stringify(value, null, indent)` (empty `{}`/`[]` stay closed). */
export function prettyJson(text: string, indent = 2): string {
  const list = tokens(text);
  let out = '';
  let depth = 0;
  const pad = (n: number) => '\n' + ' '.repeat(n * indent);
  for (let i = 0; i < list.length; i++) {
    const token = list[i] as string;
    const next = list[i + 1];
    if (token === '{' || token === '[') {
      const close = token === '{' ? '}' : ']';
      if (next === close) {
        out += token + close;
        i += 1;
      } else {
        depth += 1;
        out += token + pad(depth);
      }
    } else if (token === '}' || token === ']') {
      depth -= 1;
      out += pad(depth) + token;
    } else if (token === ',') {
      out += ',' + pad(depth);
    } else if (token === ':') {
      out += ': ';
    } else {
      out += token;
    }
  }
  return out;
}

/** One line with Python's `json.dumps` separators (`", "` and `": "`), the spelling most tool-call data uses. */
export function compactJson(text: string): string {
  let out = '';
  for (const token of tokens(text)) {
    if (token === ',') out += ', ';
    else if (token === ':') out += ': ';
    else out += token;
  }
  return out;
}
