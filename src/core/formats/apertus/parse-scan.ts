/**
 * A small JSON-aware scanner for the JSON-ish lists inside rendered Apertus text: tool calls
 * `[{"name": args}, …]` and tool outputs `[a, b]`. It finds where a JSON value ends (strings,
 * escapes and nesting respected) without building it, so that the text between stays exactly
 * as written; it does not judge whether the value is valid JSON beyond that.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERAL = /-?(?:\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|true|false|null/y;

/** The index just after the JSON string starting at `start` (a `"`), or -1 if it never ends. */
export function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
  }
  return -1;
}

/**
 * The index just after the JSON value starting at `start` (leading whitespace skipped), or -1
 * when none starts there or it is not closed before `end`.
 */
export function scanJsonValue(text: string, start: number, end = text.length): number {
  let i = start;
  while (i < end && WHITESPACE.has(text[i] ?? '')) i++;
  const first = text[i];
  if (first === '"') {
    const after = scanString(text, i);
    return after === -1 || after > end ? -1 : after;
  }
  if (first === '{' || first === '[') return scanNested(text, i, end);
  LITERAL.lastIndex = i;
  const match = LITERAL.exec(text);
  if (!match) return -1;
  const after = i + match[0].length;
  return after > end ? -1 : after;
}

/** Matches brackets from an opening `{` or `[` at `start`, skipping strings; -1 if unbalanced. */
export function scanNested(text: string, start: number, end = text.length): number {
  const stack: string[] = [];
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '"') {
      const after = scanString(text, i);
      if (after === -1 || after > end) return -1;
      i = after - 1;
    } else if (c === '{' || c === '[') {
      stack.push(c === '{' ? '}' : ']');
    } else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}
