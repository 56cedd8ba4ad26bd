/**
 * What a token format's render leaves out of the text on purpose, said aloud (docs/formats.md,
 * 'All formats: nothing is dropped silently'), for the formats whose templates know function
 * tools and plain text only (ChatML, Llama 3.1, Apertus; harmony lists such fields as not shown):
 * - a provider's built-in tool (OpenAI `web_search_preview`, `mcp`, Anthropic
 *   `web_search_20250305`, …: the model's `ToolDefinition.type`) has no function schema; written
 *   as a function it would offer the model a function that never existed, so it is left out;
 * - the citations and annotations a source kept on text (Anthropic `citations`, OpenAI Responses
 *   `annotations`, in the part's or block's `extra`) have no place in the template's text.
 * - the thought flags of a system message (OpenChatML `<|reflect|>` after the system prompt):
 *   only OpenChatML writes them.
 * All are content lost (a warning, `lost-in-conversion`), not a harmless difference: the
 * rendered example shows the model a different world (no search tool, unsourced text, no
 * request to think).
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Extensible, Message, ToolDefinition } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';

export interface ToolRef {
  tool: ToolDefinition;
  /** Its path in the record (`['tools', t]`, the index among all the record's tools). */
  path: FieldPath;
}

/** The function tools a template writes; each built-in tool left out is reported once, at its path. */
export function functionTools(tools: readonly ToolDefinition[], label: string, out: Diagnostic[]): ToolRef[] {
  const kept: ToolRef[] = [];
  tools.forEach((tool, t) => {
    const path: FieldPath = ['tools', t];
    if (tool.type === undefined) kept.push({ tool, path });
    else out.push(lostInConversion(`the built-in tool ${JSON.stringify(tool.type)}`, `${label} writes function tools only; a provider's built-in tool has no function schema, so it is left out of the tools prompt`, path));
  });
  return kept;
}

/** Source fields on text that no template writes, in the order they are reported at one place. */
const TEXT_NOTES = ['annotations', 'citations'] as const;

function reportNotes(node: Extensible, path: FieldPath, label: string, out: Diagnostic[]): void {
  const extra = node.extra;
  if (extra === undefined) return;
  for (const key of TEXT_NOTES) {
    const value = extra[key];
    // An empty list (or null) loses nothing: Anthropic writes `"citations": null` on plain text.
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    out.push(lostInConversion(`the ${key}`, `${label} writes the text only`, [...path, 'extra', key]));
  }
}

/**
 * Citations and annotations on the parts and blocks of every message: one diagnostic per kind and
 * place. Plain loops, and a path made only for a message with parts or blocks: this runs on every
 * render of every message, and most have neither (an array per message was collector work).
 */
export function reportTextNotes(messages: readonly Message[], label: string, out: Diagnostic[]): void {
  for (let i = 0; i < messages.length; i++) {
    const content = (messages[i] as Message).content;
    if (content?.type === 'parts') {
      for (let j = 0; j < content.parts.length; j++) {
        const part = content.parts[j] as Extensible;
        if (part.extra !== undefined) reportNotes(part, ['messages', i, 'content', 'parts', j], label, out);
      }
    } else if (content?.type === 'blocks') {
      for (let j = 0; j < content.blocks.length; j++) {
        const block = content.blocks[j];
        if (block !== undefined && block.type !== 'unknown' && block.extra !== undefined) reportNotes(block, ['messages', i, 'content', 'blocks', j], label, out);
      }
    }
  }
}

/** The thought flags of every message (only system messages carry them): one diagnostic per message, at its `thoughtFlags`. */
export function reportThoughtFlags(messages: readonly Message[], label: string, out: Diagnostic[]): void {
  for (let i = 0; i < messages.length; i++) {
    const flags = (messages[i] as Message).thoughtFlags;
    if (flags === undefined || flags.length === 0) continue;
    out.push(lostInConversion(`the thought flags ${flags.map((kind) => `<|${kind}|>`).join('')}`, `${label} has no thought flags (OpenChatML's request to think in these ways)`, ['messages', i, 'thoughtFlags']));
  }
}
