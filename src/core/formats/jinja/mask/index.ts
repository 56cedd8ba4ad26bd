/**
 * The training mask under any template (docs/tokens.md, "Under a Jinja template"): the spans of
 * the Jinja render, their trainable flags read from the template itself rather than from the
 * located fields alone.
 * 1. A template with `{% generation %}` tags: the text between them is trained (generation.ts).
 * 2. Otherwise the prefix difference (prefix.ts): what message i adds to the conversation
 *    before it, with the generation prompt.
 * 3. Where neither can be read for a message, its located fields (the render's own flags), with
 *    a warning that says what is then not trained.
 * The extra renders go through the format's own render entry (the caller's `render`), text only.
 */
import { info, warning, type Diagnostic } from '../../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../../model/path.ts';
import type { Conversation, ParleyRecord } from '../../../model/types.ts';
import type { Rendered, RenderHow, Span } from '../../types.ts';
import { CODES } from '../codes.ts';
import { DEFAULT_TEMPLATE, type JinjaOptions } from '../options.ts';
import { generationRegions, hasGenerationTags, markGenerationTags } from './generation.ts';
import { maskedSpans } from './mask-spans.ts';
import { prefixRegions, type TurnFallback } from './prefix.ts';

/** The format's render entry; undefined when a render was cut short (the page's cap): then no answer. */
export type RenderEntry = (record: ParleyRecord, options: Partial<JinjaOptions>, how: RenderHow) => Rendered | undefined;

const textOnly: RenderHow = { spans: false };

/** The render with its spans' trainable flags from the template's mask; undefined when a render it needed was cut short. */
export function withTemplateMask(record: Conversation, options: Partial<JinjaOptions> | undefined, rendered: Rendered, render: RenderEntry): Rendered | undefined {
  if (rendered.text === '' || !record.messages.some((message) => message.role === 'assistant')) return rendered;
  const given = options ?? {};
  const diagnostics = [...rendered.diagnostics];
  const source = typeof given.template === 'string' ? given.template : DEFAULT_TEMPLATE;
  if (hasGenerationTags(source)) {
    const marked = render(record, { ...given, template: markGenerationTags(source) }, textOnly);
    if (marked === undefined) return undefined;
    const regions = failureOf(marked) !== undefined ? undefined : generationRegions(marked.text, rendered.text);
    if (regions !== undefined) {
      const trained = regions.map((region, k) => ({ ...region, message: ownerOf(record, rendered.spans, region, k, regions.length) }));
      // Every assistant message's training is the tags': its fields outside them are not trained.
      return { ...rendered, spans: maskedSpans(rendered.text, rendered.spans, trained, [], () => true) };
    }
    diagnostics.push(info(CODES.generationUnread, 'The template marks the assistant\'s output with {% generation %} tags, but they could not be read from this render (the marked render differs, or the tags do not pair up); the trained text is found by the prefix difference instead.'));
  }
  const specialEnds = new Set(rendered.spans.filter((span) => span.kind === 'special').map((span) => span.end));
  const prefixOptions = { ...given, add_generation_prompt: undefined };
  const mask = prefixRegions(
    record,
    rendered.text,
    prefixOptions,
    (prefix, generationPrompt) => {
      const answer = render(prefix, { ...given, add_generation_prompt: generationPrompt }, textOnly);
      if (answer === undefined) return undefined;
      const failure = failureOf(answer);
      return failure === undefined ? { text: answer.text } : { failure };
    },
    (at) => specialEnds.has(at),
  );
  if (mask === undefined) return undefined;
  diagnostics.push(...fallbackWarnings(mask.fallbacks, rendered.diagnostics));
  const decided = new Set(mask.regions.map((region) => region.message));
  return { text: rendered.text, spans: maskedSpans(rendered.text, rendered.spans, mask.regions, mask.owned, (m) => decided.has(m)), diagnostics };
}

/** Why a render has no text: the template failed on it, or ran past its budget (other errors leave the text). */
function failureOf(rendered: Rendered): string | undefined {
  return rendered.diagnostics.find((d) => d.code === CODES.templateError || d.code === CODES.overBudget)?.message;
}

/** The assistant message a generation region trains: the one whose located field it holds, else the k-th assistant message when there is one region each. */
function ownerOf(record: Conversation, spans: readonly Span[], region: { start: number; end: number }, k: number, count: number): number {
  for (const span of spans) {
    if (span.end <= region.start || span.start >= region.end) continue;
    const [head, index] = span.path;
    if (head === 'messages' && typeof index === 'number' && record.messages[index]?.role === 'assistant') return index;
  }
  const assistants = record.messages.flatMap((message, i) => (message.role === 'assistant' ? [i] : []));
  return assistants.length === count ? (assistants[k] ?? -1) : -1;
}

const inMessage = (path: FieldPath | undefined, message: number): boolean => path !== undefined && path[0] === 'messages' && path[1] === message;

/** One warning per message that fell back: why, and which of its fields are then not trained. */
function fallbackWarnings(fallbacks: readonly TurnFallback[], diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return fallbacks.map(({ message, reason }) => {
    const lost = diagnostics.filter((d) => d.code === CODES.notLocated && inMessage(d.path, message)).map((d) => formatPath(d.path ?? []));
    const path: FieldPath = ['messages', message];
    const what = lost.length > 0 ? ` Not trained, because not located: ${lost.join(', ')}.` : '';
    return warning(
      CODES.maskFieldsOnly,
      `${formatPath(path)}: only its located fields are trained, not the template's own text around them (its end-of-turn token, the wrapping of a call): ${reason}.${what}`,
      path,
    );
  });
}
