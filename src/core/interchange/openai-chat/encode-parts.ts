/**
 * Model content → OpenAI Chat Completions `content`: a string, `null`, or an array of `text`
 * and `image_url` parts. Value parts become JSON text and FIM segments their text (both
 * reported). Parts kept whole from another dialect, which Chat Completions has no part for, are
 * left out and reported.
 *
 * Images in tool results: the API takes only text parts in a `tool` message. Moving the image
 * to a user message after the results is a common workaround but not a documented one, and it
 * would put words in the user's mouth; so an image from another dialect's tool result (an
 * Anthropic `tool_result` with an image block) is reported lost and left out. An image that was
 * in a `tool` message of the source (noted `inTool`) is written back as it was.
 */
import { whereAt, type Where } from '../../model/path.ts';
import type { Content, Part } from '../../model/types.ts';
import type { Losses } from '../conversion.ts';
import { nested, without, type JsonObject } from '../../shared/json.ts';
import { fallbackPart } from '../shared/part-fallback.ts';
import type { Segment } from '../shared/segments.ts';
import { shapeOf } from '../shared/shape.ts';
import { SHAPE, type PartShape } from './shape.ts';

/** One text without extras → a string; several, or parts → a part array; nothing → null beside calls, else "". */
export function turnContent(segments: readonly Segment<Where>[], hasCalls: boolean, losses: Losses): unknown {
  const [first] = segments;
  if (first === undefined) return hasCalls ? null : '';
  if (segments.length === 1 && first.kind === 'text') {
    const extra = losses.extraOf(first, 'text', first.path);
    return extra ? [losses.merge({ type: 'text', text: first.text }, extra, first.path)] : first.text;
  }
  return segments.flatMap((s) => {
    if (s.kind === 'text') return [losses.merge({ type: 'text', text: s.text }, losses.extraOf(s, 'text', s.path), s.path)];
    if (s.kind === 'parts') return encodeParts(s.parts, whereAt(s.path, 'parts'), false, losses);
    return [];
  });
}

/** The parts Chat Completions can take here (`path`: of the parts array). */
function encodeParts(parts: readonly Part[], path: Where, inTool: boolean, losses: Losses): JsonObject[] {
  const json: JsonObject[] = [];
  for (let j = 0; j < parts.length; j++) {
    const part = encodePart(parts[j] as Part, whereAt(path, j), inTool, losses);
    if (part !== undefined) json.push(part);
  }
  return json;
}

/** `content` of a message (`messagePath`: the message's; most contents are text and need no path); `inTool`: the message is a tool result. */
export function encodeContent(content: Content | null, messagePath: Where, inTool: boolean, losses: Losses): unknown {
  if (content === null) return null;
  if (content.type === 'text') return content.text;
  if (content.type === 'parts') return encodeParts(content.parts, whereAt(whereAt(messagePath, 'content'), 'parts'), inTool, losses);
  return null; // blocks are split by the caller
}

/** A part, or undefined when Chat Completions cannot take it here (reported). */
export function encodePart(part: Part, path: Where, inTool: boolean, losses: Losses): JsonObject | undefined {
  switch (part.type) {
    case 'text':
      return losses.merge({ type: 'text', text: part.text }, losses.extraOf(part, 'text', path), path);
    case 'image': {
      const shape = shapeOf<PartShape>(part, SHAPE);
      if (inTool && !shape?.inTool) {
        losses.add('an image in a tool result', path, 'Chat Completions tool messages take text parts only');
        return undefined;
      }
      const extra = losses.extraOf(part, 'image', path);
      if (shape?.hfImage) return losses.merge({ type: 'image', [shape.hfImage]: part.url }, extra, path);
      if (shape?.urlString) return losses.merge({ type: 'image_url', image_url: part.url }, extra, path);
      const imageUrl = losses.merge({ url: part.url }, nested(extra, 'image_url'), whereAt(path, 'image_url'));
      return losses.merge({ type: 'image_url', image_url: imageUrl }, without(extra, 'image_url'), path);
    }
    case 'value':
    case 'fim':
      return fallbackPart(part, path, losses, { dialect: losses.target, unit: 'parts', textType: 'text' });
  }
}
