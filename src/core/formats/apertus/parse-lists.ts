/**
 * The two lists the Apertus template writes without special tokens around their items:
 * tool calls `[{"name": arguments}, …]` (between `<|tools_prefix|>` and `<|tools_suffix|>`)
 * and tool outputs `[a, b]`. The template joins raw text (`'{"' + name + '": ' + arguments + '}'`,
 * outputs with `", "`), so the items are found with the JSON-aware scanner, and every item's
 * text is kept exactly as written.
 */
import { scanJsonValue, scanNested } from './parse-scan.ts';

export interface ScannedCall {
  name: string;
  arguments: string;
}

const WHITESPACE = /\s*/y;

function skipWhitespace(text: string, at: number): number {
  WHITESPACE.lastIndex = at;
  WHITESPACE.exec(text);
  return WHITESPACE.lastIndex;
}

/** The calls of `[{"a": {...}}, {"b": {...}}]`, or undefined when the text is not such a list. */
export function scanCalls(list: string): ScannedCall[] | undefined {
  if (!list.startsWith('[') || !list.endsWith(']') || list.length < 2) return undefined;
  return callsFrom(list, 1, list.length - 1);
}

function callsFrom(text: string, at: number, end: number): ScannedCall[] | undefined {
  if (at === end) return [];
  if (!text.startsWith('{"', at)) return undefined;
  const nameEnd = text.indexOf('": ', at + 2);
  if (nameEnd === -1 || nameEnd >= end) return undefined;
  const name = text.slice(at + 2, nameEnd);
  const argsStart = nameEnd + 3;
  // Where this call's closing `}` may be: after the arguments' JSON value first, then (for
  // arguments that are not JSON) any `}` followed by the next call or the end of the list.
  const candidates: number[] = [];
  const scanned = scanJsonValue(text, argsStart, end);
  if (scanned !== -1) candidates.push(skipWhitespace(text, scanned));
  for (let i = text.indexOf('}', argsStart); i !== -1 && i < end; i = text.indexOf('}', i + 1)) {
    if (i + 1 === end || text.startsWith(', {"', i + 1)) candidates.push(i);
  }
  for (const close of new Set(candidates)) {
    if (text[close] !== '}') continue;
    const rest = close + 1 === end ? [] : text.startsWith(', ', close + 1) ? callsFrom(text, close + 3, end) : undefined;
    if (rest) return [{ name, arguments: text.slice(argsStart, close) }, ...rest];
  }
  return undefined;
}

/**
 * The outputs of a list `[a, b]` starting at `start` and closed before `limit`, and the index
 * after its `]`. Leading outputs that are JSON values are split at `, `; the rest (text that is
 * not JSON) is one last output up to the matching `]`.
 */
export function scanOutputs(text: string, start: number, limit: number): { outputs: string[]; end: number } | undefined {
  if (text[start] !== '[') return undefined;
  if (text[start + 1] === ']') return { outputs: [], end: start + 2 };
  const outputs: string[] = [];
  let at = start + 1;
  for (;;) {
    const after = scanJsonValue(text, at, limit);
    if (after === -1) break;
    outputs.push(text.slice(at, after));
    if (text[after] === ']') return { outputs, end: after + 1 };
    if (!text.startsWith(', ', after)) {
      outputs.pop();
      break;
    }
    at = after + 2;
  }
  // The rest is not JSON: it is one output, up to the `]` that closes the list.
  const close = matchingBracket(text, start, limit);
  if (close === -1) return undefined;
  if (close - 1 < at) return { outputs: [text.slice(start + 1, close - 1)], end: close };
  return { outputs: [...outputs, text.slice(at, close - 1)], end: close };
}

/** After the `]` matching the `[` at `start`: string-aware first, plain counting for non-JSON text. */
function matchingBracket(text: string, start: number, limit: number): number {
  const nested = scanNested(text, start, limit);
  if (nested !== -1) return nested;
  let depth = 0;
  for (let i = start; i < limit; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return i + 1;
  }
  return -1;
}
