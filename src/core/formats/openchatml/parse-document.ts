/**
 * Document text → files: split at `\n<|file_separator|>\n`; a text that starts with
 * `<|file_separator|>\n` was written with a leading separator (that is the only way the
 * renderer starts a document with one).
 */
import { newId } from '../../model/ids.ts';
import type { DocumentFile, DocumentRecord } from '../../model/types.ts';
import type { ParseContext } from './parse-context.ts';
import { TOKENS } from './tokens.ts';

const SEPARATOR = `\n${TOKENS.fileSeparator}\n`;
const LEADING = `${TOKENS.fileSeparator}\n`;

export function parseDocument(ctx: ParseContext, text: string, leadingHint: boolean | undefined): { record: DocumentRecord; leadingSeparator: boolean } {
  const leading = text.startsWith(LEADING) || (text === '' && leadingHint === true);
  const body = text.startsWith(LEADING) ? text.slice(LEADING.length) : text;
  const texts = body === '' && !text.startsWith(LEADING) ? [] : body.split(SEPARATOR);
  const files = texts.map((fileText, k): DocumentFile => {
    const parts = ctx.parts(fileText, ['files', k, 'parts']);
    return { id: newId('f'), parts: parts ?? (fileText === '' ? [] : [{ id: newId('p'), type: 'text', text: fileText }]) };
  });
  return { record: { kind: 'document', files }, leadingSeparator: leading };
}
