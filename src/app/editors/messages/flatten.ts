/**
 * How blocks become one text when a person switches a structured assistant message to plain
 * text: the Apertus template's own writing of the blocks (spec 001 `format_assistant_content`),
 * the form every structured message takes when it must be a string.
 */
import { formatAssistantContent } from '../../../core/index.ts';
import type { FlattenBlocks } from '../ops/content-convert.ts';

export const flattenBlocks: FlattenBlocks = (blocks) => formatAssistantContent(blocks);
