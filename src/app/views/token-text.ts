/**
 * The Text view's side of editing: token text → record with the format's own parser, and the
 * merge base (the record's render read back), memoised per record, format and options.
 */
import { findFormat, hasErrors, waitsForFormat, type Diagnostic, type Format, type OptionValues, type ParleyRecord } from '../../core/index.ts';
import { renderState, type AppState } from '../store/index.ts';
import type { ReadBack } from './edit-session.ts';
import { placeParseDiagnostics } from './problems.ts';

export function readTokenText(text: string, formatId: string, options: OptionValues | undefined): ReadBack {
  const format = findFormat(formatId);
  if (!format) return { problems: [{ diagnostic: { severity: 'error', code: 'unknown-format', message: `Unknown format "${formatId}": its text cannot be read back.` } }] };
  let result;
  try {
    result = format.parse(text, options);
  } catch (thrown) {
    // A parser bug must not take the view down: report it like a parse error.
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return { problems: [{ diagnostic: { severity: 'error', code: 'parse-failed', message: `${format.label} could not read the text: ${message}` } }] };
  }
  const read = 'options' in result && isOptionValues(result.options) ? optionNotes(format, result.options, options, result.diagnostics) : result.diagnostics;
  const problems = placeParseDiagnostics(text, read);
  return hasErrors(result.diagnostics) ? { problems } : { record: result.record, problems };
}

function isOptionValues(value: unknown): value is OptionValues {
  return typeof value === 'object' && value !== null;
}

/** Today as `YYYY-MM-DD` in local time: what a date option left empty renders. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * A parser that reads render options from the text (Apertus: BOS, date, deliberation) notes each
 * one it read, even when it is what the toolbar has. Those notes are replaced by one per option
 * that differs from the toolbar, the only ones worth telling: the preview renders with the
 * toolbar's options, so the text will be rewritten with them when the view is left.
 */
function optionNotes(format: Format, read: OptionValues, current: OptionValues | undefined, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const out = diagnostics.filter((d) => d.severity !== 'info');
  for (const option of format.options) {
    if (!(option.key in read)) continue;
    const fallback = option.type === 'date' ? today() : option.default;
    const value = read[option.key];
    const have = current?.[option.key] ?? format.defaults[option.key] ?? null;
    const effective = have === null || have === '' ? fallback : have;
    if (value === effective || (value ?? null) === null) continue;
    out.push({ severity: 'info', code: 'view/option-differs', message: `The text is written with ${option.label} ${JSON.stringify(value)}; the toolbar has ${JSON.stringify(effective)}. Change the option to keep it.` });
  }
  return out;
}

let lastTyped: { text: string; formatId: string; options: OptionValues | undefined; record: ParleyRecord } | undefined;

/**
 * `readTokenText` of text typed in the view. Its record is kept: once committed, the store
 * usually renders exactly the typed text, and then the next read-back's base is this same parse
 * (see `tokenTextBase`), so the previous render is parsed once per burst of typing, not per pause.
 */
export function readTypedTokenText(text: string, formatId: string, options: OptionValues | undefined): ReadBack {
  const read = readTokenText(text, formatId, options);
  lastTyped = read.record ? { text, formatId, options, record: read.record } : undefined;
  return read;
}

let lastBase: { record: ParleyRecord; formatId: string; options: OptionValues | undefined; base: ParleyRecord } | undefined;

/**
 * The current record as the Text view's parser sees it: its render read back. When the render
 * does not read back cleanly (a record the format reports errors for), the record itself is the
 * base: then only what the person changed differs from it.
 */
export function tokenTextBase(state: Pick<AppState, 'record' | 'formatId' | 'formatOptions'>): ParleyRecord {
  const options = state.formatOptions[state.formatId];
  if (lastBase && lastBase.record === state.record && lastBase.formatId === state.formatId && lastBase.options === options) return lastBase.base;
  const rendered = renderState(state);
  // The format's code is still loading: no render to read back yet, and nothing to remember.
  if (waitsForFormat(rendered)) return state.record;
  const text = rendered.text;
  // The render is the text just typed and read (the commit changed nothing the format writes): its parse is known.
  const typed = lastTyped && lastTyped.formatId === state.formatId && lastTyped.options === options && lastTyped.text === text ? lastTyped.record : undefined;
  const base = typed ?? readTokenText(text, state.formatId, options).record ?? state.record;
  lastBase = { record: state.record, formatId: state.formatId, options, base };
  return base;
}
