/**
 * Empty text blocks: the Anthropic Messages API refuses a request with `{"type": "text",
 * "text": ""}` ("text content blocks must be non-empty"), which other dialects write freely (a
 * Responses assistant message with an empty `output_text`, an OpenAI part with no text). The
 * encoder writes what the record says and reports it as an error. The fix removes the empty
 * block or part when the message keeps other content; when it is the message's only content
 * there is no fix: giving it text or removing the message both change the conversation, and
 * which one is right is the author's call.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { Fix } from '../../model/fix.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Message, Part } from '../../model/types.ts';
import { pathLabel } from '../shared/issues.ts';

export const EMPTY_TEXT_CODE = 'anthropic/empty-text';
export const EMPTY_TEXT_FIX = 'anthropic/remove-empty-text';

const REFUSED = 'the Anthropic API refuses empty text blocks ("text content blocks must be non-empty")';

function report(path: FieldPath, what: string, fix: Fix | undefined): Diagnostic {
  const advice = fix ? 'Remove it: the message has other content.' : "It is the message's only content: give it text, or remove the message.";
  return error(EMPTY_TEXT_CODE, `${pathLabel(path)}: ${what} is written as {"type": "text", "text": ""}; ${REFUSED}. ${advice}`, path, fix);
}

/** An empty response block of a structured message (`blockPath` = `[…, 'content', 'blocks', j]`). */
export function emptyResponseBlock(message: Message, blockPath: FieldPath): Diagnostic {
  const index = blockPath[blockPath.length - 1] as number;
  const blocks = message.content?.type === 'blocks' ? message.content.blocks : [];
  const block = blocks[index];
  const others = blocks.length > 1 || (message.toolCalls?.length ?? 0) > 0;
  const fix: Fix | undefined =
    others && block !== undefined
      ? {
          id: EMPTY_TEXT_FIX,
          label: 'Remove the empty text',
          edit: [
            { op: 'test', path: [...blockPath, 'id'], value: block.id },
            { op: 'test', path: [...blockPath, 'text'], value: '' },
            { op: 'remove', path: blockPath },
          ],
        }
      : undefined;
  return report(blockPath, 'an empty response', fix);
}

/** An empty text part (`contentPath` = the parts' content, `j` its index). */
export function emptyTextPart(parts: readonly Part[], j: number, contentPath: FieldPath): Diagnostic {
  const part = parts[j];
  const partPath: FieldPath = [...contentPath, 'parts', j];
  const fix: Fix | undefined =
    parts.length > 1 && part !== undefined
      ? {
          id: EMPTY_TEXT_FIX,
          label: 'Remove the empty text',
          edit: [
            { op: 'test', path: [...partPath, 'id'], value: part.id },
            { op: 'test', path: [...partPath, 'text'], value: '' },
            { op: 'remove', path: partPath },
          ],
        }
      : undefined;
  return report(partPath, 'an empty text part', fix);
}
