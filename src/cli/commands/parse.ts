/** `parley parse`: a format's text → the conversation as JSON (which `parley render` takes back). */
import { findCodec, hasErrors, type Format, type OptionValues } from '../../core/index.ts';
import { inputArgument } from '../args.ts';
import { EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatArgs } from '../format-args.ts';
import { flagsFor } from '../format-options.ts';
import { readInputText, writeErr, writeOut } from '../io.ts';
import { diagnosticLine } from '../print.ts';
import { codecNamed, optionalCodec } from '../registries.ts';

export const PARSE_HELP = `Usage: parley parse --format ID [options] [FILE|-]

Reads text in the format (e.g. a rendered Apertus conversation) and writes the conversation as
JSON to stdout, in a form that parley render turns back into the same text.

Options:
  --format ID            the token format (see parley formats)
  --output-dialect ID    the JSON dialect to write (default: apertus-json)
  <format options>       hints where the text is ambiguous, e.g. for apertus --bos TEXT,
                         --date YYYY-MM-DD, --add-generation-prompt

What the text says about the options (BOS, deliberation, date, generation prompt) is reported
on stderr with the flags that render it again.
Exit codes: 0 parsed; 1 parsed with errors (malformed text); 2 bad input.`;

const DEFAULT_DIALECT = 'apertus-json';
const SPECS = [{ flag: '--output-dialect', takesValue: true, valueName: 'ID' }];

export async function parseCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options } = parseFormatArgs(argv, 'parse', SPECS);
  const codec = optionalCodec(args, '--output-dialect', 'parse') ?? findCodec(DEFAULT_DIALECT) ?? codecNamed(DEFAULT_DIALECT, '--output-dialect', 'parse');
  const file = inputArgument(args, 'parse');
  const text = await readInputText(file, 'parse');
  const parsed = format.parse(text, options);
  const encoded = codec.encode(parsed.record);
  await writeOut(`${JSON.stringify(encoded.json, null, 2)}\n`);
  const diagnostics = [...parsed.diagnostics, ...encoded.diagnostics];
  for (const diagnostic of diagnostics) writeErr(diagnosticLine(diagnostic));
  const hint = renderHint(format, parsed);
  if (hint) writeErr(`INFO render it again with: ${hint}`);
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

/** `parley render --format apertus --no-thinking …` when the parser says which options the text used. */
function renderHint(format: Format<OptionValues>, parsed: object): string | undefined {
  const options = (parsed as { options?: unknown }).options;
  if (typeof options !== 'object' || options === null) return undefined;
  return ['parley render --format', format.id, ...flagsFor(format, options as Record<string, unknown>)].join(' ');
}
