/**
 * Where a FIM segment's middle goes, as a person finds it in the file (or message) the parts
 * make when joined: the insertion point after the segment's prefix. OpenChatML writes a file's
 * (or a message's) parts one after another with no separator, so the joined text is the text
 * parts and each segment's prefix + middle + suffix; images and values add nothing here.
 */
import type { Part } from '../../../core/index.ts';

export interface FimCursor {
  /** Characters (code points, as the preview counts them) before the insertion point. */
  offset: number;
  /** 1-based line and column of the insertion point. */
  line: number;
  column: number;
}

function joinedText(part: Part): string {
  if (part.type === 'text') return part.text;
  if (part.type === 'fim') return part.prefix + part.middle + part.suffix;
  return '';
}

/** The insertion point of the FIM segment at `index`, or undefined when that part is not one. */
export function fimCursor(parts: readonly Part[], index: number): FimCursor | undefined {
  const part = parts[index];
  if (part?.type !== 'fim') return undefined;
  const before = parts.slice(0, index).map(joinedText).join('') + part.prefix;
  const lastBreak = before.lastIndexOf('\n');
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line += 1;
  return { offset: codePoints(before), line, column: codePoints(before.slice(lastBreak + 1)) + 1 };
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
