/**
 * For a format that writes whatever its template does with a role (Jinja): a message whose
 * content is absent from the render. Templates transform what they write (trim it, drop a
 * reasoning trace before `</think>`, quote it with `tojson`), so the check is deliberately
 * loose: a message is absent only when none of its non-blank lines appears in the render,
 * neither as written nor as JSON string text (of a long message, its first and last
 * `LINES_LOOKED_FOR` lines). What it cannot be sure of, it does not report
 * (a very short line may appear in the render by chance: the message then counts as present).
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { Content, Conversation } from '../../model/types.ts';
import { STRUCTURE_CODES } from './codes.ts';
import { meantRole, roleFix } from './role-meaning.ts';

/**
 * Lines looked for at each end of a message's content. Each is searched for in the whole render,
 * so a long absent message would cost its line count times the render's length; a template
 * that writes a message at all writes its first or its last lines (a dropped reasoning trace
 * is at the start, the answer at the end), so a few at each end decide. Raise it to look
 * further into a message (cost: 2 × this × the render's length per absent message).
 */
export const LINES_LOOKED_FOR = 4;

/** The roles a chat template is written for: what a role no template handles plainly means. */
const TEMPLATE_ROLES: readonly string[] = ['system', 'user', 'assistant', 'tool'];

/** The texts of a content that a template writes as the message's content. */
function contentTexts(content: Content | null | undefined): string[] {
  if (content === undefined || content === null) return [];
  if (content.type === 'text') return [content.text];
  if (content.type === 'parts') return content.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  return content.blocks.flatMap((block) => (block.type === 'response' || block.type === 'thoughts' ? [block.text] : []));
}

/** The first and last `LINES_LOOKED_FOR` non-blank lines of the texts, trimmed. */
export function lines(texts: readonly string[]): string[] {
  const all = texts.flatMap((text) => text.split('\n')).map((line) => line.trim()).filter((line) => line !== '');
  return all.length <= 2 * LINES_LOOKED_FOR ? all : [...all.slice(0, LINES_LOOKED_FOR), ...all.slice(-LINES_LOOKED_FOR)];
}

export function appears(line: string, render: string): boolean {
  return render.includes(line) || render.includes(JSON.stringify(line).slice(1, -1));
}

export function checkRenderedContent(record: Conversation, render: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  record.messages.forEach((message, index) => {
    const own = lines(contentTexts(message.content));
    if (own.length === 0 || own.some((line) => appears(line, render))) return;
    const meant = meantRole(message.role, TEMPLATE_ROLES);
    const hint = meant === undefined ? '' : ` Its role ${JSON.stringify(message.role)} plainly means ${meant}.`;
    out.push(
      error(
        STRUCTURE_CODES.notRendered,
        `The template's render does not contain this message's content (no line of it appears): the template leaves out a ${JSON.stringify(message.role)} message, so the model never sees it.${hint}`,
        ['messages', index, 'content'],
        meant === undefined ? undefined : roleFix(index, message, meant),
      ),
    );
  });
  return out;
}
