/**
 * Which form field shows a diagnostic: the path is cut after the deepest segment the editors
 * render as a field of its own (`…calls[0].arguments.city` → `…calls[0].arguments`,
 * `messages[2].content.text` → `messages[2].content`, an unknown field → its parent object).
 * The editors put a diagnostics line at exactly these paths; keep the two in step.
 */
import type { FieldPath } from '../../../core/index.ts';

/** Lists whose items are rendered as cards (item paths are anchors). */
const LISTS = new Set(['messages', 'tools', 'files', 'parts', 'blocks', 'calls', 'toolCalls', 'outputs']);
/** Lists that also show list-level diagnostics (the others fall back to their owner). */
const TOP_LISTS = new Set(['messages', 'tools', 'files']);
/** Fields rendered as one control each. */
const LEAVES = new Set([
  'role', 'name', 'toolCallId', 'isError', 'text', 'kind', 'url', 'mediaType', 'value', 'prefix', 'middle', 'suffix', 'arguments', 'callId', 'output', 'description', 'parameters',
  'thoughtFlags', 'channel', 'recipient', 'contentType', 'label',
]);

export function anchorPath(path: FieldPath): FieldPath {
  const anchor: (string | number)[] = [];
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const next = path[i + 1];
    if (typeof segment !== 'string') break;
    // A training record's branch (`branches.chosen`) is a message list like `messages`.
    if (segment === 'branches' && anchor.length === 0 && typeof next === 'string') {
      anchor.push(segment, next);
      const index = path[i + 2];
      if (typeof index !== 'number') break;
      anchor.push(index);
      i += 2;
      continue;
    }
    if (LISTS.has(segment)) {
      if (typeof next === 'number') {
        anchor.push(segment, next);
        i += 1;
        continue;
      }
      if (anchor.length === 0 && TOP_LISTS.has(segment)) anchor.push(segment);
      break;
    }
    if (segment === 'content') {
      anchor.push(segment);
      if (next === 'parts' || next === 'blocks') continue;
      break;
    }
    if (LEAVES.has(segment)) anchor.push(segment);
    break;
  }
  return anchor;
}
