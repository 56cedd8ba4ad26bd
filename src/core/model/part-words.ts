/**
 * How a loss note names a value part written as text (issue 22). A part of a type the model has
 * no part for is kept whole as a value part marked `sourcePart` (interchange/shared/shape.ts);
 * the person's file holds that part, not a value part, so the note names its type and the
 * dialect that read it: `a part of type "input_audio" (from OpenAI Chat Completions)`. Any other
 * value part (spec 002's own, or one made in the app) is "the type of a value part".
 */
import { dialectLabel } from './dialect-labels.ts';
import type { ValuePart } from './types.ts';

export function valuePartWhat(part: ValuePart): string {
  const { value } = part;
  const kept = (part as { sourcePart?: unknown }).sourcePart === true && typeof value === 'object' && value !== null;
  if (!kept) return 'the type of a value part';
  const type = (value as { type?: unknown }).type;
  const from = part.extraSource === undefined ? '' : ` (from ${dialectLabel(part.extraSource)})`;
  return `a part of type ${JSON.stringify(typeof type === 'string' ? type : '')}${from}`;
}
