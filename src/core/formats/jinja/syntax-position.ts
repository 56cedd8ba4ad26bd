/**
 * The line and column of a syntax error. `@huggingface/jinja` throws without a position, so:
 * an error of the lexer is found as the shortest prefix of the source whose lexing fails the
 * same way (bisection); an error of the parser at the furthest token the parser looked at (the
 * token list is wrapped to record it), whose place in the source is found by walking the tokens'
 * texts through it in order. Best effort: undefined when neither finds it.
 */
type HfJinja = typeof import('@huggingface/jinja');

import type { TemplatePosition } from './positions.ts';

export type { TemplatePosition };

const LEXER_OPTIONS = { lstrip_blocks: true, trim_blocks: true };

export function positionAt(source: string, offset: number): TemplatePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}

function lexError(hf: HfJinja, text: string): string | undefined {
  try {
    hf.tokenize(text, LEXER_OPTIONS);
    return undefined;
  } catch (caught) {
    return messageOf(caught);
  }
}

export function locateSyntaxError(hf: HfJinja, source: string): TemplatePosition | undefined {
  const lexMessage = lexError(hf, source);
  if (lexMessage !== undefined) {
    // The shortest prefix failing with the same message ends just after the offending character.
    let low = 0;
    let high = source.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (lexError(hf, source.slice(0, mid)) === lexMessage) high = mid;
      else low = mid + 1;
    }
    return positionAt(source, Math.max(0, low - 1));
  }
  const tokens = hf.tokenize(source, LEXER_OPTIONS);
  let furthest = 0;
  const watched = new Proxy(tokens, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) furthest = Math.max(furthest, Number(key));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  try {
    hf.parse(watched);
    return undefined;
  } catch {
    return positionAt(source, tokenOffset(source, tokens, Math.min(furthest, tokens.length - 1)));
  }
}

/** Where token `index` starts in `source`: each token's text is looked for after the previous one's. */
function tokenOffset(source: string, tokens: readonly { value: string; type: string }[], index: number): number {
  let cursor = 0;
  let start = 0;
  for (let i = 0; i <= index; i++) {
    const token = tokens[i];
    if (token === undefined) break;
    const probe = token.type === 'Text' ? token.value.slice(0, 40) : token.value;
    const found = probe === '' ? -1 : source.indexOf(probe, cursor);
    if (found === -1) continue;
    start = token.type === 'StringLiteral' ? Math.max(0, found - 1) : found;
    cursor = found + probe.length;
  }
  return start;
}
