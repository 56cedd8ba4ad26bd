/**
 * Empty text blocks: the Anthropic Messages API refuses a request with `{"type": "text",
 * "text": ""}` ("text content blocks must be non-empty"), which other dialects write freely (a
 * Responses assistant message with an empty `output_text`, an OpenAI part with no text). The
 * encoder writes what the record says and reports it as an error. The fix removes the empty
 * block or part when the message keeps other content (the message names it: "a tool_use
 * block", as the Anthropic message holds it); when it is the message's only content
 * there is no fix: giving it text or removing the message both change the conversation, and
 * which one is right is the author's call.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import type { Fix } from '../../model/fix.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Message, Part } from '../../model/types.ts';
import { isSourcePart } from '../shared/shape.ts';
import { pathLabel } from '../shared/issues.ts';

export const EMPTY_TEXT_CODE = 'anthropic/empty-text';
export const EMPTY_TEXT_FIX = 'anthropic/remove-empty-text';

const REFUSED = 'the Anthropic API refuses empty text blocks ("text content blocks must be non-empty")';

function report(path: FieldPath, what: string, fix: Fix | undefined, others: readonly string[]): Diagnostic {
  const advice = fix ? `Remove it: the message has other content (${namedCounts(others)}).` : "It is the message's only content: give it text, or remove the message.";
  return error(EMPTY_TEXT_CODE, `${pathLabel(path)}: ${what} is written as {"type": "text", "text": ""}; ${REFUSED}. ${advice}`, path, fix);
}

/** `a tool_use block`, `2 tool_use blocks and an image block`: what else the Anthropic message holds, in order. */
function namedCounts(kinds: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const named = [...counts].map(([kind, n]) => (n === 1 ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} block` : `${n} ${kind} blocks`));
  return named.length === 1 ? (named[0] as string) : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

/** The Anthropic block a model block becomes (tool calls: one tool_use each). */
function blockKinds(block: Block): string[] {
  switch (block.type) {
    case 'response':
      return ['text'];
    case 'thoughts':
      return ['thinking'];
    case 'tool_calls':
      return block.calls.map(() => 'tool_use');
    case 'tool_outputs':
      return block.outputs.map(() => 'tool_result');
    case 'unknown':
      return [block.sourceType || 'unknown'];
  }
}

/** The Anthropic block a part becomes (a part kept whole: its own type; a value or FIM part: text). */
function partKind(part: Part): string {
  if (part.type === 'image') return 'image';
  if (isSourcePart(part) && typeof part.value.type === 'string') return part.value.type;
  return 'text';
}

/** An empty response block of a structured message (`blockPath` = `[…, 'content', 'blocks', j]`). */
export function emptyResponseBlock(message: Message, blockPath: FieldPath): Diagnostic {
  const index = blockPath[blockPath.length - 1] as number;
  const blocks = message.content?.type === 'blocks' ? message.content.blocks : [];
  const block = blocks[index];
  const others = [...blocks.flatMap((b, j) => (j === index ? [] : blockKinds(b))), ...(message.toolCalls ?? []).map(() => 'tool_use')];
  const fix: Fix | undefined =
    others.length > 0 && block !== undefined
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
  return report(blockPath, 'an empty response', fix, others);
}

/**
 * An empty text part (`contentPath` = the parts' content, `j` its index); `calls`: the tool
 * calls written in the same Anthropic message (tool_use blocks after the parts).
 */
export function emptyTextPart(parts: readonly Part[], j: number, contentPath: FieldPath, calls = 0): Diagnostic {
  const part = parts[j];
  const partPath: FieldPath = [...contentPath, 'parts', j];
  const others = [...parts.flatMap((p, k) => (k === j ? [] : [partKind(p)])), ...Array.from({ length: calls }, () => 'tool_use')];
  const fix: Fix | undefined =
    others.length > 0 && part !== undefined
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
  return report(partPath, 'an empty text part', fix, others);
}
