/**
 * The other keys of a content mapping (`content.extra`, kept by the Apertus JSON reader). The
 * template reads one form per role and ignores the rest: a user message `{"parts": …, "text": …}`
 * renders its parts, the text goes nowhere. That is worth a warning (the text was probably meant
 * to be seen), not an error (the template renders). When a message's role changed after it was
 * read, the form the template reads may be one of the kept raw keys, which Parley cannot render:
 * an error says so.
 */
import type { FieldPath } from '../../model/path.ts';
import type { Message } from '../../model/types.ts';
import { CODES } from './codes.ts';
import { CONTENT_FORMS, formReadFor } from '../../shared/apertus/content-forms.ts';
import type { Emitter } from './emitter.ts';

export function checkContentKeys(e: Emitter, message: Message, index: number): void {
  const content = message.content;
  const extra = content?.extra;
  if (content === undefined || content === null || extra === undefined) return;
  const read = formReadFor(message.role);
  if (read === undefined) return; // tool messages write the whole mapping; other roles raise anyway
  const contentPath: FieldPath = ['messages', index, 'content'];
  const label = `Message ${index + 1} (${message.role})`;
  if (content.type !== read && Object.hasOwn(extra, read)) {
    e.error(
      CODES.contentFormKept,
      `${label}: the template reads content.${read} of a ${message.role} message, but Parley kept that key as raw JSON (the message was read with another role) and cannot render it. Open the file again to edit it as ${read}.`,
      [...contentPath, read],
    );
    return;
  }
  for (const key of CONTENT_FORMS) {
    if (key === content.type || !Object.hasOwn(extra, key)) continue;
    e.warn(
      CODES.contentKeysIgnored,
      `${label}: the content mapping has "${key}" beside "${content.type}"; the template renders the ${content.type} of a ${message.role} message and ignores "${key}" (kept on export).`,
      [...contentPath, key],
      undefined,
      'content',
    );
  }
}
