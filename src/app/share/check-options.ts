/**
 * A link's format and options checked against the format registry and each format's option
 * descriptions (core/shared/options.ts), so that a link naming an unknown format, or an option
 * its format does not have or a value of the wrong kind, is refused with the reason instead of
 * opening an empty or half-working preview.
 */
import { findFormat, type FormatOption, type OptionValues } from '../../core/index.ts';

/** What `<input type="date">` and the formats write (the formats ignore any other text). */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why `formatId` and `options` cannot be opened, or undefined when they can. */
export function optionsProblem(formatId: string, options: Readonly<Record<string, unknown>>): string | undefined {
  const format = findFormat(formatId);
  if (!format) return `it names a format this Parley does not know (${quoted(formatId)})`;
  for (const [key, value] of Object.entries(options)) {
    const option = format.options.find((described) => described.key === key);
    if (!option) return `the ${formatId} format has no option ${quoted(key)}`;
    const expected = valueProblem(option, value);
    if (expected !== undefined) return `its option ${quoted(key)} of the ${formatId} format must be ${expected}, not ${quoted(value)}`;
  }
  return undefined;
}

/** What `value` should have been (for the message), or undefined when it is fine. */
function valueProblem(option: FormatOption, value: unknown): string | undefined {
  switch (option.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'string':
      return typeof value === 'string' ? undefined : 'text';
    case 'date':
      return value === null || value === '' || (typeof value === 'string' && DATE.test(value)) ? undefined : 'a date as YYYY-MM-DD or empty';
    case 'enum':
      return typeof value === 'string' && option.choices.includes(value) ? undefined : `one of ${option.choices.join(', ')}`;
  }
}

/** Longest quotation of a link's text in a message: the link may hold megabytes of it. */
const MAX_QUOTED = 60;

function quoted(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_QUOTED ? `${json.slice(0, MAX_QUOTED)}…` : json;
}

/** Only the options `formatId` declares: a link leaves out keys an older Parley kept, which it would refuse. */
export function declaredOptions(formatId: string, options: OptionValues): OptionValues {
  const format = findFormat(formatId);
  if (!format) return options;
  const declared = new Set(format.options.map((option) => option.key));
  return Object.fromEntries(Object.entries(options).filter(([key]) => declared.has(key)));
}
