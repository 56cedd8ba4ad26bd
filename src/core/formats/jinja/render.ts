/**
 * A record through the user's template, with spans recovered (recover.ts) and the training mask
 * read from the template (mask/: its generation tags, else the prefix difference), so that the
 * template's own text around the assistant's (its end-of-turn token) is trained as in the native
 * formats; where neither can be read, the located fields of assistant messages are.
 */
import { error, info, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { CODES } from './codes.ts';
import { parseVariables, templateContext } from './context.ts';
import { compileTemplate, TemplateFailure, type CompiledTemplate } from './engine.ts';
import { markedRecord, textFields } from './fields.ts';
import { gapPieces, specialMatcher } from './gap-kinds.ts';
import { resolveOptions, type JinjaOptions } from './options.ts';
import { recoverSpans, type Recovery } from './recover.ts';
import { withTemplateMask } from './mask/index.ts';
import { positions } from './positions.ts';

function failureDiagnostic(failure: unknown): Diagnostic {
  if (!(failure instanceof TemplateFailure)) return error(CODES.templateError, `The template failed: ${failure instanceof Error ? failure.message : String(failure)}`);
  if (failure.kind === 'budget') return error(CODES.overBudget, failure.message);
  const what = failure.kind === 'syntax' ? 'The template has a syntax error' : failure.kind === 'raise' ? 'The template raised an exception' : 'The template failed while rendering';
  const where = failure.position ? ` (template line ${failure.position.line}, column ${failure.position.column})` : '';
  const diagnostic = error(CODES.templateError, `${what}${where}: ${failure.message}`);
  if (failure.position) positions.set(diagnostic, failure.position);
  return diagnostic;
}

const empty = (diagnostics: Diagnostic[]): Rendered => ({ text: '', spans: [], diagnostics });

export function renderJinja(record: ParleyRecord, partial?: Partial<JinjaOptions>, how?: RenderHow): Rendered {
  // Without a cap no run is cut short, so there is always a render.
  return masked(record, partial, how, undefined).rendered as Rendered;
}

/**
 * The render of `renderJinja`, when it takes at most `capSteps` steps in its run and as many in
 * the marked runs of span recovery together; undefined when either needs more (or meets any
 * other limit of the budget). A render it returns is the very one `renderJinja` gives: the same
 * steps under a larger budget, the same text limit. The app's first try on the page
 * (app/jinja/template-renderer.ts): a quick template renders at once, another goes to a worker.
 */
export function renderJinjaWithin(record: ParleyRecord, partial: Partial<JinjaOptions> | undefined, how: RenderHow | undefined, capSteps: number): Rendered | undefined {
  return masked(record, partial, how, capSteps).rendered;
}

/** `renderJinjaStagedWithin`'s answer: the render, and the stage before its training mask. */
export interface StagedRender {
  /** `renderJinjaWithin`'s answer: the exact render, or undefined when it needs more than the cap. */
  rendered: Rendered | undefined;
  /**
   * The text, the located fields' spans (their flags the fields' own, the template's mask NOT
   * applied) and the diagnostics of that stage, when the text render and span recovery fit the
   * cap; undefined when they do not. Not a render to train or count on: the app's preview shows
   * it, with the last exact render's mask carried over (mask/carry.ts), while the worker
   * computes the mask (app/jinja/template-renderer.ts).
   */
  unmasked: Rendered | undefined;
}

/**
 * The text, the located fields' spans and the diagnostics of `renderJinjaWithin` before the
 * template's training mask (the mask not computed: the fields' own flags), or undefined when
 * the text render or span recovery needs more than `capSteps`. Not a render to train or count
 * on (see StagedRender's `unmasked`).
 */
export function renderJinjaUnmaskedWithin(record: ParleyRecord, partial: Partial<JinjaOptions> | undefined, how: RenderHow | undefined, capSteps: number): Rendered | undefined {
  return render(record, partial, how, capSteps);
}

/**
 * `renderJinjaWithin`, and the render before its mask (the text and spans within the cap, the
 * mask not computed): the page's try can then tell a render over the cap only because of the
 * mask's prefix renders. One text render for both.
 */
export function renderJinjaStagedWithin(record: ParleyRecord, partial: Partial<JinjaOptions> | undefined, how: RenderHow | undefined, capSteps: number): StagedRender {
  return masked(record, partial, how, capSteps);
}

/**
 * Messages the template mask's prefix renders may render on the page, under a cap, beyond those
 * kept from earlier keystrokes (mask/prefix-cache.ts): at the 30 to 90 steps a message of real
 * templates, about as many steps as the cap itself. Typing into the last message of a
 * conversation of up to about 200 messages stays on the page; a longer one, or a change that
 * makes many turns render again, goes to the worker (same answer, off the page).
 */
export const PAGE_MASK_MESSAGES = 400;

/** The render with the template's training mask (mask/), and the render before it: spans only, the prefixes rendered by the entries above. */
function masked(record: ParleyRecord, partial: Partial<JinjaOptions> | undefined, how: RenderHow | undefined, cap: number | undefined): StagedRender {
  const unmasked = render(record, partial, how, cap);
  if (unmasked === undefined || how?.spans === false || record.kind !== 'chat') return { rendered: unmasked, unmasked };
  let rendering = 0;
  const rendered = withTemplateMask(record, partial, unmasked, (prefix, options, textOnly) => {
    if (cap === undefined) return renderJinja(prefix, options, textOnly);
    rendering += prefix.kind === 'chat' ? prefix.messages.length : 0;
    return rendering > PAGE_MASK_MESSAGES ? undefined : renderJinjaWithin(prefix, options, textOnly, cap);
  });
  return { rendered, unmasked };
}

const isBudgetFailure = (failure: unknown): boolean => failure instanceof TemplateFailure && failure.kind === 'budget';

function render(record: ParleyRecord, partial: Partial<JinjaOptions> | undefined, how: RenderHow | undefined, cap: number | undefined): Rendered | undefined {
  if (record.kind !== 'chat') return empty([error(CODES.templateError, 'A chat template renders conversations; a multi-file document has no messages to give it.')]);
  const options = resolveOptions(partial);
  const diagnostics: Diagnostic[] = [];
  const parsed = parseVariables(options.variables);
  if (parsed.diagnostic) diagnostics.push(parsed.diagnostic);
  let compiled: CompiledTemplate;
  try {
    compiled = compileTemplate(options.template);
  } catch (failure) {
    return empty([...diagnostics, failureDiagnostic(failure)]);
  }
  const context = templateContext(record, options, parsed.values);
  diagnostics.push(...context.diagnostics);
  let text: string;
  try {
    text = compiled.run(context.variables, options.date, { budgetSteps: options.budgetSteps, spent: 0, cap });
  } catch (failure) {
    if (cap !== undefined && isBudgetFailure(failure)) return undefined;
    return empty([...diagnostics, failureDiagnostic(failure)]);
  }
  if (text.includes(MAPPING_TEXT) && !recordHas(record, MAPPING_TEXT)) diagnostics.push(mappingAsText(options.arguments));
  if (how?.spans === false) return { text, spans: [], diagnostics };
  const fields = textFields(record, options.arguments);
  const passed = stringValues(context.variables.messages);
  // The marked renders of span recovery (up to 8) share one more budget: a template that takes
  // nearly all of its budget cannot take it nine times over. Past it, the render has no spans.
  const recoveryAccount = { budgetSteps: options.budgetSteps, spent: 0, cap };
  // Under a cap, a marked run cut short may have been one the budget lets finish: no answer then.
  let cutShort = false;
  const recovery = recoverSpans(text, fields, (chosen) => {
    if (cutShort) return undefined;
    try {
      return compiled.run(templateContext(markedRecord(record, chosen, options.arguments), options, parsed.values).variables, options.date, recoveryAccount);
    } catch (failure) {
      if (cap !== undefined && isBudgetFailure(failure)) cutShort = true;
      return undefined;
    }
  }, (fieldText) => passed.has(fieldText));
  if (cutShort) return undefined;
  diagnostics.push(...recoveryDiagnostics(recovery));
  return { text, spans: buildSpans(text, recovery, specialMatcher(context.variables)), diagnostics };
}

/** How `@huggingface/jinja` prints a mapping where a template writes it as text (Python's jinja2 prints its repr). */
const MAPPING_TEXT = '[object Map]';

function recordHas(record: ParleyRecord, text: string): boolean {
  return JSON.stringify(record).includes(text);
}

function mappingAsText(mode: string): Diagnostic {
  const fix = mode === 'object' ? ' When those are a call\'s arguments, the template expects them as a string: the arguments option "as-given" passes the text the data has.' : '';
  return warning(CODES.mappingAsText, `The template wrote a mapping as text ("${MAPPING_TEXT}"): it prints or concatenates a value it expects to be a string.${fix}`);
}

/** Every string inside `value` (the messages as the template receives them). */
function stringValues(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringValues(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringValues(item, out);
  return out;
}

function recoveryDiagnostics(recovery: Recovery): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (recovery.failure) out.push(info(CODES.noSpans, `No field could be located in the render: ${recovery.failure}. The text is exact; it has no field spans.`));
  for (const field of recovery.notLocated) {
    out.push(info(CODES.notLocated, `${formatPath(field.path)}: not found as written in the template's output (left out, written more than once, or changed by the template), so it has no span.`, field.path));
  }
  return out;
}

function buildSpans(text: string, recovery: Recovery, special: RegExp): Rendered['spans'] {
  const out = new SpanBuilder();
  const gap = (from: number, to: number) => {
    for (const piece of gapPieces(text.slice(from, to), special)) out.push(piece.text, piece.kind, [], false);
  };
  let at = 0;
  for (const { field, start, end } of recovery.located) {
    gap(at, start);
    out.push(text.slice(start, end), 'content', field.path, field.trainable);
    at = end;
  }
  gap(at, text.length);
  return out.finish().spans;
}
