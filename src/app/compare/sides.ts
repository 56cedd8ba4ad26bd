/**
 * The two sides of Compare: each a format with its own option values, rendered from the current
 * record (text only: the diff needs no spans). Not saved: Compare is a way of looking, the
 * conversation stays the one source of truth.
 */
import { findFormat, readTemplateSource, chooseTemplate, waitsForFormat, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';
import { explainDifference, nativeMatchOf, type NativeMatch, type OptionExplanation } from '../../core/compare/index.ts';
import { OFF_PAGE_FORMAT } from '../jinja/off-page-format.ts';

export interface CompareSide {
  formatId: string;
  options: OptionValues;
}

export interface SideRender {
  text: string;
  /** The render's errors, one sentence each (a side that cannot render says why). */
  errors: string[];
  /** The side's format code is still loading (Format.prepare): `text` is not its render yet. */
  loading?: boolean;
  /** Where the special tokens are (UTF-16 offsets of `text`), shown as chips as in the preview. */
  specials: readonly { start: number; end: number }[];
}

/**
 * `offPage`: the side's render when it is made elsewhere (a Jinja template, in its worker: the
 * caller passes what the worker gave, or its pending placeholder); else the format renders here.
 */
export function renderSide(record: ParleyRecord, side: CompareSide, offPage?: Rendered): SideRender {
  const format = findFormat(side.formatId);
  if (!format) return { text: '', errors: [`Unknown format "${side.formatId}".`], specials: [] };
  // With spans: the special tokens are drawn as chips.
  const rendered = offPage ?? format.render(record, side.options);
  if (waitsForFormat(rendered)) return { text: '', errors: [], loading: true, specials: [] };
  const specials = rendered.spans.filter((span) => span.kind === 'special').map(({ start, end }) => ({ start, end }));
  return { text: rendered.text, errors: rendered.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), specials };
}

/** The native format of a Jinja side's template, when it is a known one (core's nativeMatchOf: by its hash). */
export function nativeMatchOfSide(side: CompareSide): NativeMatch | undefined {
  return side.formatId === OFF_PAGE_FORMAT && typeof side.options.template === 'string' ? nativeMatchOf(side.options.template) : undefined;
}

/**
 * The options that make the two sides' texts equal (core's explainDifference), tried on the
 * sides rendered on the page only: a template side renders in its worker, and each try would be
 * one more render there.
 */
export function explainSides(record: ParleyRecord, left: CompareSide, right: CompareSide, texts: { a: string; b: string }): OptionExplanation[] {
  const a = findFormat(left.formatId);
  const b = findFormat(right.formatId);
  if (!a || !b) return [];
  const sides = (['a', 'b'] as const).filter((name) => (name === 'a' ? left : right).formatId !== OFF_PAGE_FORMAT);
  return explainDifference(record, { format: a, options: left.options }, { format: b, options: right.options }, { sides, texts });
}

/** Where two texts first differ, as a 1-based line and column of `a`; undefined when equal. */
export function firstDifference(a: string, b: string): { line: number; column: number } | undefined {
  if (a === b) return undefined;
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  const before = a.slice(0, i);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: i - lineStart + 1 };
}

/**
 * A template pasted into a side: a tokenizer config gives its default template and its special
 * tokens (as the side's variables); anything else is the template itself.
 */
export function sideTemplate(text: string, options: OptionValues): OptionValues {
  const source = readTemplateSource(text);
  if (source.kind !== 'config') return { ...options, template: text };
  const chosen = chooseTemplate(source.templates);
  return { ...options, template: chosen?.template ?? text, variables: JSON.stringify(source.tokens) };
}
