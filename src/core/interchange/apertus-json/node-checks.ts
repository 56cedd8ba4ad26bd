/**
 * `check` (issues.ts) for the nodes every record has many of, each testing the node with its
 * quick twin (schema-quick.ts) directly: through `check`, one call site called every twin, a
 * lookup and an indirect call per node of a data set. zod runs only where the twin is not sure,
 * as in `check`, which gives the diagnostics.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { Place } from '../../model/path.ts';
import type { ContentForm } from '../../shared/apertus/content-forms.ts';
import { check } from './issues.ts';
import {
  quickBlock,
  quickBlockCall,
  quickBlocksForm,
  quickMessage,
  quickPartsForm,
  quickTextBlock,
  quickTextForm,
  quickTextPart,
  quickToolCallsBlock,
  quickToolOutput,
  quickToolOutputsBlock,
} from './schema-quick.ts';
import { blockCallSchema, blockSchema, contentFormSchemas, messageSchema, textBlockSchema, textPartSchema, toolCallsBlockSchema, toolOutputSchema, toolOutputsBlockSchema } from './schema.ts';

type Failed = ReadonlySet<string>;
/** No failed paths (shared: callers only read the set). */
const NONE: Failed = new Set();

export function checkMessage(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickMessage(value) ? NONE : check(messageSchema, value, place, out);
}

export function checkContentForm(form: ContentForm, value: unknown, place: Place, out: Diagnostic[]): Failed {
  switch (form) {
    case 'text':
      return quickTextForm(value) ? NONE : check(contentFormSchemas.text, value, place, out);
    case 'parts':
      return quickPartsForm(value) ? NONE : check(contentFormSchemas.parts, value, place, out);
    case 'blocks':
      return quickBlocksForm(value) ? NONE : check(contentFormSchemas.blocks, value, place, out);
  }
}

export function checkTextPart(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickTextPart(value) ? NONE : check(textPartSchema, value, place, out);
}

export function checkBlock(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickBlock(value) ? NONE : check(blockSchema, value, place, out);
}

export function checkTextBlock(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickTextBlock(value) ? NONE : check(textBlockSchema, value, place, out);
}

export function checkToolCallsBlock(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickToolCallsBlock(value) ? NONE : check(toolCallsBlockSchema, value, place, out);
}

export function checkToolOutputsBlock(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickToolOutputsBlock(value) ? NONE : check(toolOutputsBlockSchema, value, place, out);
}

export function checkBlockCall(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickBlockCall(value) ? NONE : check(blockCallSchema, value, place, out);
}

export function checkToolOutput(value: unknown, place: Place, out: Diagnostic[]): Failed {
  return quickToolOutput(value) ? NONE : check(toolOutputSchema, value, place, out);
}
