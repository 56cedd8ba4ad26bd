/**
 * One record rendered two ways (a format with its options, a template, a tokenizer) and what
 * differs: the text, and with a tokenizer on both sides the token ids and the labels a trainer
 * reads. The comparison of `parley compare` and of the app's regression over a dataset.
 */
import { waitsForFormat } from '../formats/on-demand.ts';
import type { Format, Rendered } from '../formats/types.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';
import { TokenizerEncodeError } from '../tokens/check.ts';
import { TOKEN_CODES } from '../tokens/diagnostics.ts';
import { trainingExample } from '../tokens/training.ts';
import type { MaskOptions, Tokenizer } from '../tokens/types.ts';

/** One way of rendering: the format (prepared: Format.prepare resolved) and its options; a tokenizer to compare tokens too. */
export interface Rendering {
  format: Format<OptionValues>;
  options: Partial<OptionValues>;
  tokenizer?: Tokenizer;
  mask?: MaskOptions;
}

export type CompareSide = 'a' | 'b';

/** What differs; `ids` and `labels` only when both sides have a tokenizer. */
export interface Differences {
  text: boolean;
  ids?: boolean;
  labels?: boolean;
}

export type RecordComparison =
  | { same: true }
  | ({ same: false } & Differences)
  /** A side that cannot render the record: its errors (a template that raises, a token without an id). */
  | { same: false; error: CompareSide; diagnostics: Diagnostic[] };

/** The kinds of difference, in the order a summary lists them. */
export const DIFFERENCE_KINDS = ['text', 'ids', 'labels'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

interface SideResult {
  text: string;
  ids?: readonly number[];
  labels?: readonly number[];
  errors: Diagnostic[];
}

function renderSide(record: ParleyRecord, side: Rendering, tokens: boolean): SideResult {
  // The spans are needed for the labels only.
  const rendered: Rendered = side.format.render(record, side.options, tokens ? undefined : { spans: false });
  // A format whose code has not loaded gives no render yet: the caller prepares it, else the side cannot render.
  const errors = waitsForFormat(rendered) ? rendered.diagnostics.map((d) => ({ ...d, severity: 'error' as const })) : rendered.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0 || !tokens || side.tokenizer === undefined) return { text: rendered.text, errors };
  try {
    const { example } = trainingExample(side.tokenizer, record, rendered, side.mask);
    return { text: rendered.text, ids: example.input_ids, labels: example.labels, errors };
  } catch (error) {
    if (!(error instanceof TokenizerEncodeError)) throw error;
    return { text: rendered.text, errors: [{ severity: 'error', code: TOKEN_CODES.noId, message: error.message }] };
  }
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Renders `record` both ways and says what differs (side a's errors first when both fail). */
export function compareRecord(record: ParleyRecord, a: Rendering, b: Rendering): RecordComparison {
  const tokens = a.tokenizer !== undefined && b.tokenizer !== undefined;
  const left = renderSide(record, a, tokens);
  if (left.errors.length > 0) return { same: false, error: 'a', diagnostics: left.errors };
  const right = renderSide(record, b, tokens);
  if (right.errors.length > 0) return { same: false, error: 'b', diagnostics: right.errors };
  const differences: Differences = { text: left.text !== right.text };
  if (tokens) {
    differences.ids = !sameNumbers(left.ids ?? [], right.ids ?? []);
    differences.labels = !sameNumbers(left.labels ?? [], right.labels ?? []);
  }
  const differs = differences.text || differences.ids === true || differences.labels === true;
  return differs ? { same: false, ...differences } : { same: true };
}

/** The kinds of difference of a comparison (empty when the same or an error). */
export function kindsOf(comparison: RecordComparison): DifferenceKind[] {
  if (comparison.same || 'error' in comparison) return [];
  return DIFFERENCE_KINDS.filter((kind) => comparison[kind] === true);
}
