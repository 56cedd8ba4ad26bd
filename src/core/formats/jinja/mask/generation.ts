/**
 * `{% generation %}…{% endgeneration %}`: how a template marks the assistant's output for
 * transformers' `return_assistant_tokens_mask`. `@huggingface/jinja` drops the tags (as
 * transformers does when rendering). To read them, the template is rendered once more with each
 * tag turned into an output of a Private Use character, placed where the engine's own
 * `trim_blocks` and `lstrip_blocks` would leave the text, and the regions read between them.
 * The marked render, without its marks, must be the plain render, character for character;
 * otherwise (or when the tags do not pair up) the regions are not used.
 */

const GENERATION_TAG = /\{%(-?)\s*(end)?generation\s*(-?)%\}/;
/**
 * A tag with what the engine's `lstrip_blocks` removes before it (spaces and tabs from the start
 * of its line) and `trim_blocks` after it (one line break).
 */
const TAG_IN_PLACE = /(^[ \t]*)?\{%(-?)\s*(end)?generation\s*(-?)%\}(\n?)/gm;
const OPEN = '\uE01E';
const CLOSE = '\uE01F';
const MARK = /[\uE01E\uE01F]/g;

export function hasGenerationTags(source: string): boolean {
  return GENERATION_TAG.test(source);
}

/** A tag that strips the whitespace after it (`-%}`, `-}}`, `-#}`) ends just before: only whitespace between. */
const STRIPS_AFTER_IT = /-[%}#]\}\s*$/;
/** A tag that strips the whitespace before it (`{%-`, `{{-`, `{#-`) follows: only whitespace between. */
const STRIPS_BEFORE_IT = /^\s*\{[%{#]-/;

/**
 * The template with each generation tag written as a mark. The engine removes a tag before it
 * reads the template, so a neighbour's `-` strips whitespace across the tag's place: the mark
 * strips on that side too, so that it lands where the whitespace is gone.
 */
export function markGenerationTags(source: string): string {
  return source.replace(TAG_IN_PLACE, (all: string, _indent: string | undefined, left: string, end: string | undefined, right: string, _break: string, at: number) => {
    const before = source.slice(0, at + (_indent?.length ?? 0));
    const after = source.slice(at + all.length);
    const stripBefore = left === '-' || STRIPS_BEFORE_IT.test(after) ? '-' : '';
    const stripAfter = right === '-' || STRIPS_AFTER_IT.test(before) ? '-' : '';
    return `{{${stripBefore} '${end ? CLOSE : OPEN}' ${stripAfter}}}`;
  });
}

export interface GenerationRegion {
  start: number;
  end: number;
}

/**
 * The regions of the marked render in the plain render's positions; undefined when the marked
 * render is not the plain one with marks, or the marks do not pair up (an open inside an open).
 */
export function generationRegions(marked: string, plain: string): GenerationRegion[] | undefined {
  if (marked.replace(MARK, '') !== plain) return undefined;
  const regions: GenerationRegion[] = [];
  let removed = 0;
  let open: number | undefined;
  for (const match of marked.matchAll(MARK)) {
    const at = match.index - removed;
    removed++;
    if (match[0] === OPEN) {
      if (open !== undefined) return undefined;
      open = at;
    } else {
      if (open === undefined) return undefined;
      if (at > open) regions.push({ start: open, end: at });
      open = undefined;
    }
  }
  return open === undefined ? regions : undefined;
}
