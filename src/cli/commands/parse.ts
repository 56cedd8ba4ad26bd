/** `parley parse`: a format's text → the conversation as JSON (which `parley render` takes back). */
import { hasErrors, parseJson, type Format, type InterchangeCodec, type OptionValues } from '../../core/index.ts';
import { inputArgument, type ParsedArgs } from '../args.ts';
import { EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { earlyFlagValue, parseFormatArgs } from '../format-args.ts';
import { flagsFor, optionFlagSpecs, optionValues } from '../format-options.ts';
import { requireFormatText } from '../format-text.ts';
import { inputName, readInputText, writeErr, writeOut } from '../io.ts';
import { runJsonl } from '../jsonl-run.ts';
import { isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { lineJob, type LineJob } from '../line-job.ts';
import { diagnosticLine } from '../print.ts';
import { nullFailure } from '../record-failures.ts';
import { codecNamed, optionalCodec } from '../registries.ts';

export const PARSE_HELP = `Usage: parley parse --format ID [options] [FILE|-]

Reads text in the format (e.g. a rendered Apertus conversation) and writes the conversation as
JSON to stdout, in a form that parley render turns back into the same text.

Options:
  --format ID            the token format (see parley formats)
  --output-dialect ID    the JSON dialect to write (default: the format's native dialect, else
                         parley-json: apertus → apertus-json; openchatml, rwkv → parley-json,
                         which holds documents, FIM, names and thought flags losslessly)
  --jsonl                the input is JSON Lines: one text per line, as a JSON string or as
                         an object with a string "text" (what parley render --jsonl writes);
                         one conversation per line out (compact), null for a line that cannot
                         be read (the reason on stderr), an empty line for a blank one
${JOBS_HELP}
${NOTES_HELP}
  <format options>       hints where the text is ambiguous, e.g. for apertus --bos TEXT,
                         --date YYYY-MM-DD, --add-generation-prompt

What the text says about the options (BOS, deliberation, date, generation prompt) is reported
on stderr with the flags that render it again; so is the output dialect when not named, and
whatever it cannot hold ("lost in conversion: …").
Exit codes: 0 parsed; 1 parsed with errors (malformed text); 2 bad input (also empty input, or
text with no token of the format).`;

/** Formats without a native dialect are written in the one that holds every record. */
const FALLBACK_DIALECT = 'parley-json';
const SPECS = [{ flag: '--output-dialect', takesValue: true, valueName: 'ID' }, JSONL_FLAG, JOBS_FLAG, NOTES_FLAG];

/** The dialect named by --output-dialect, else the format's default (and the INFO line saying so). */
function outputCodec(args: ParsedArgs, format: Format<OptionValues>): { codec: InterchangeCodec; info?: string } {
  const given = optionalCodec(args, '--output-dialect', 'parse');
  if (given) return { codec: given };
  const codec = codecNamed(format.nativeDialect ?? FALLBACK_DIALECT, '--output-dialect', 'parse');
  return { codec, info: `INFO output dialect: ${codec.label} (${codec.id}), the default for ${format.id}; name another with --output-dialect` };
}

interface ParseSetup {
  args: ParsedArgs;
  format: Format<OptionValues>;
  options: Partial<OptionValues>;
  codec: InterchangeCodec;
  info: string | undefined;
  writeOptions: Partial<OptionValues>;
  file: string | undefined;
}

function setup(argv: readonly string[]): ParseSetup {
  // The output dialect's encode options are flags too, known only once --output-dialect is.
  const early = earlyFlagValue(argv, '--output-dialect');
  const encodeOptions = { options: (early === undefined ? undefined : codecNamed(early, '--output-dialect', 'parse'))?.encodeOptions ?? [] };
  const { args, format, options } = parseFormatArgs(argv, 'parse', [...SPECS, ...optionFlagSpecs(encodeOptions)]);
  const { codec, info } = outputCodec(args, format);
  return { args, format, options, codec, info, writeOptions: optionValues(encodeOptions, args, 'parse'), file: inputArgument(args, 'parse') };
}

export async function parseCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options, codec, info, writeOptions, file } = setup(argv);
  if (isJsonl(args, file, 'parse')) {
    if (info) writeErr(info);
    return runJsonl({ command: 'parse', argv, file, job: parseLine(format, options, codec, writeOptions), jobs: jobsOf(args), noteLimit: noteLimitOf(args) });
  }
  const text = await readInputText(file, 'parse');
  requireFormatText(text, format, inputName(file), 'parse');
  const parsed = format.parse(text, options);
  const encoded = codec.encode(parsed.record, writeOptions);
  await writeOut(`${JSON.stringify(encoded.json, null, 2)}\n`);
  if (info) writeErr(info);
  const diagnostics = [...parsed.diagnostics, ...encoded.diagnostics];
  for (const diagnostic of diagnostics) writeErr(diagnosticLine(diagnostic));
  const hint = renderHint(format, parsed);
  if (hint) writeErr(`INFO render it again with: ${hint}`);
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

/** The JSON Lines job of `parley parse` with these arguments (for the workers of --jobs). */
export function parseLineJob(argv: readonly string[]): LineJob {
  const { format, options, codec, writeOptions } = setup(argv);
  return parseLine(format, options, codec, writeOptions);
}

/** A JSON Lines record's text: a JSON string, or an object with a string "text" (what render --jsonl writes). */
function recordText(line: string): string | undefined {
  const parsed = parseJson(line);
  if (!parsed.ok) return undefined;
  const { value } = parsed;
  if (typeof value === 'string') return value;
  const text = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : undefined;
}

/** A line that cannot be parsed gives `null`, so that the output keeps one line per input line. */
function parseLine(format: Format<OptionValues>, options: Partial<OptionValues>, codec: InterchangeCodec, writeOptions: Partial<OptionValues>): LineJob {
  return lineJob((line) => {
    const text = recordText(line);
    if (text === undefined) return nullFailure({ code: 'cli/not-text', message: 'expected a JSON string or an object with a string "text"' });
    try {
      requireFormatText(text, format, 'the text', 'parse');
    } catch (error) {
      return nullFailure({ code: 'cli/not-format-text', message: (error as Error).message.replace(/^parse: /, '') });
    }
    const parsed = format.parse(text, options);
    const encoded = codec.encode(parsed.record, writeOptions);
    const diagnostics = [...parsed.diagnostics, ...encoded.diagnostics];
    return { out: JSON.stringify(encoded.json), failed: hasErrors(diagnostics), diagnostics };
  }, nullFailure);
}

/** `parley render --format apertus --no-thinking …` when the parser says which options the text used. */
function renderHint(format: Format<OptionValues>, parsed: object): string | undefined {
  const options = (parsed as { options?: unknown }).options;
  if (typeof options !== 'object' || options === null) return undefined;
  return ['parley render --format', format.id, ...flagsFor(format, options as Record<string, unknown>)].join(' ');
}
