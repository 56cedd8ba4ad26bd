/**
 * How rendered text is shown in the Monaco model without losing exactness.
 *
 * Monaco normalises line endings: a model holds one EOL sequence, so a lone `\r` or a mix of
 * `\r\n` and `\n` would be rewritten and every offset after it would be off. The preview shows
 * each `\r` as `␍` (U+240D, also one UTF-16 unit): the line breaks stay `\n`, offsets stay equal
 * to the render's, and a carriage return in the data becomes visible instead of silently lost.
 * Copy and Download always use the exact rendered text, never the model's.
 */

export const CARRIAGE_RETURN_SYMBOL = '\u240d';

export function toDisplayText(text: string): string {
  return text.includes('\r') ? text.replace(/\r/g, CARRIAGE_RETURN_SYMBOL) : text;
}

/**
 * Offsets of the `\n` characters in `[from, to)`, at most `max` of them: where the "show
 * whitespace" line-break markers go (only for the part of the text on screen).
 */
export function lineBreakOffsets(text: string, from: number, to: number, max: number): number[] {
  const out: number[] = [];
  let at = text.indexOf('\n', Math.max(0, from));
  while (at !== -1 && at < to && out.length < max) {
    out.push(at);
    at = text.indexOf('\n', at + 1);
  }
  return out;
}

/** Number of Unicode code points (what a person calls characters; emoji count once). */
export function countCodePoints(text: string): number {
  // Regular expressions scan a 1 MB text in well under a millisecond; most texts have no pairs at all.
  if (!/[\uD800-\uDFFF]/.test(text)) return text.length;
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

/** The text a person typed in the model, with the carriage returns the model shows as `␍` restored. */
export function fromDisplayText(text: string): string {
  return text.includes(CARRIAGE_RETURN_SYMBOL) ? text.replace(/\u240d/g, '\r') : text;
}
