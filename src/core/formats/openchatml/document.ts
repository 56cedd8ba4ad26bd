/**
 * Document → OpenChatML text: the files joined by `\n<|file_separator|>\n` (§7), optionally
 * with a leading `<|file_separator|>\n` (option `leadingSeparator`, the spec's third
 * multi-file example). A file is text and FIM segments. No BOS or EOS: the spec's FIM and
 * multi-file examples have none. File names have no place in the text (the spec shows none):
 * they label files in the editor and are kept in exports.
 */
import type { FieldPath } from '../../model/path.ts';
import type { DocumentRecord } from '../../model/types.ts';
import { CODES } from './codes.ts';
import { renderParts, reportLost } from './content.ts';
import type { Emitter } from './emitter.ts';
import { TOKENS } from './tokens.ts';

export function renderDocument(e: Emitter, document: DocumentRecord): void {
  document.files.forEach((file, k) => {
    const path: FieldPath = ['files', k];
    if (k > 0 || e.options.leadingSeparator) {
      if (k > 0) e.structure('\n', path, false);
      e.special(TOKENS.fileSeparator, path, false);
      e.structure('\n', path, false);
    }
    const lost: string[] = [];
    renderParts(e, file.parts, [...path, 'parts'], false, lost);
    reportLost(e, lost, path);
    if (file.name !== undefined && file.name !== '') {
      e.info(CODES.fileName, `The file name ${JSON.stringify(file.name)} is not written: OpenChatML separates files with <|file_separator|> only (§7). It labels the file here and is kept on export.`, [...path, 'name']);
    }
  });
}
