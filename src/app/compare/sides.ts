/**
 * The two sides of Compare: each a format with its own option values, rendered from the current
 * record (text only: the diff needs no spans). Not saved: Compare is a way of looking, the
 * conversation stays the one source of truth.
 */
import { findFormat, readTemplateSource, chooseTemplate, waitsForFormat, type OptionValues, type ParleyRecord, type Rendered } from '../../core/index.ts';

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
}

/**
 * `offPage`: the side's render when it is made elsewhere (a Jinja template, in its worker: the
 * caller passes what the worker gave, or its pending placeholder); else the format renders here.
 */
export function renderSide(record: ParleyRecord, side: CompareSide, offPage?: Rendered): SideRender {
  const format = findFormat(side.formatId);
  if (!format) return { text: '', errors: [`Unknown format "${side.formatId}".`] };
  const rendered = offPage ?? format.render(record, side.options, { spans: false });
  if (waitsForFormat(rendered)) return { text: '', errors: [], loading: true };
  return { text: rendered.text, errors: rendered.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message) };
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
