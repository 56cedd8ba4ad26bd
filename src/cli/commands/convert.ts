/** `parley convert`: a conversation from one JSON dialect to another; what is lost goes to stderr. */
import { hasErrors, type Diagnostic, type InterchangeCodec, type OptionValues } from '../../core/index.ts';
import { inputArgument, parseArgs, stringFlag } from '../args.ts';
import { earlyFlagValue } from '../format-args.ts';
import { optionFlagSpecs, optionValues } from '../format-options.ts';
import type { DialectChoice } from '../dialect.ts';
import { DialectNote } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { decodeJsonText } from '../input.ts';
import { inputName, readInputLines, readInputText, writeErr, writeOut } from '../io.ts';
import { isBlank, isJsonl, JSONL_FLAG } from '../jsonl.ts';
import { diagnosticLine } from '../print.ts';
import { codecNamed, dialectList, optionalCodec } from '../registries.ts';

export const CONVERT_HELP = `Usage: parley convert --to DIALECT [--from DIALECT] [--jsonl] [FILE|-]

Converts a conversation between JSON dialects (see parley formats for the list). Without
--from, the input's dialect is detected. The result goes to stdout (pretty-printed; JSON Lines
in, JSON Lines out); what the target cannot express is listed on stderr.

Options:
  --to DIALECT           the dialect to write
  --from DIALECT         the dialect of the input (default: detected, per line for JSON Lines;
                         an INFO line on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file); lines that cannot
                         be read are reported on stderr with their line number and skipped

The target dialect's own options (see parley formats), e.g. for --to openai-chat:
  --legacy-function-call write calls as the legacy function_call / function messages
                         instead of tool_calls with ids

Exit codes: 0 converted; 1 converted with errors, or some lines skipped; 2 bad input.`;

const SPECS = [{ flag: '--from', takesValue: true, valueName: 'DIALECT' }, { flag: '--to', takesValue: true, valueName: 'DIALECT' }, JSONL_FLAG];

function report(where: string, diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) writeErr(`${where}: ${diagnosticLine(diagnostic)}`);
}

export async function convertCommand(argv: readonly string[]): Promise<number> {
  // The target's encode options are flags too, known only once --to is.
  const early = earlyFlagValue(argv, '--to');
  const target = early === undefined ? undefined : codecNamed(early, '--to', 'convert');
  const encodeOptions = { options: target?.encodeOptions ?? [] };
  const args = parseArgs(argv, [...SPECS, ...optionFlagSpecs(encodeOptions)], 'convert');
  const toId = stringFlag(args, '--to');
  if (toId === undefined) throw new CliError(`convert: --to is required (one of: ${dialectList()})`);
  const to = codecNamed(toId, '--to', 'convert');
  const options = optionValues(encodeOptions, args, 'convert');
  const from: DialectChoice = { given: optionalCodec(args, '--from', 'convert'), flag: '--from' };
  const file = inputArgument(args, 'convert');
  if (isJsonl(args, file)) return convertLines(file, from, to, options);
  const name = inputName(file);
  const decoded = decodeJsonText(await readInputText(file, 'convert'), from, name);
  if (!decoded.ok) throw new CliError(`convert: ${decoded.message}`);
  new DialectNote(from).say(decoded);
  const encoded = to.encode(decoded.record, options);
  await writeOut(`${JSON.stringify(encoded.json, null, 2)}\n`);
  const diagnostics = [...decoded.diagnostics, ...encoded.diagnostics];
  report(name, diagnostics);
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

async function convertLines(file: string | undefined, from: DialectChoice, to: InterchangeCodec, options: Partial<OptionValues>): Promise<number> {
  const name = inputName(file);
  const note = new DialectNote(from);
  let errors = 0;
  for await (const line of readInputLines(file, 'convert')) {
    if (isBlank(line.text)) continue;
    const where = `${name}:${line.number}`;
    const decoded = decodeJsonText(line.text, from, name, line.number);
    note.say(decoded, where);
    if (!decoded.ok) {
      writeErr(`${decoded.message} (line skipped)`);
      errors += 1;
      continue;
    }
    const encoded = to.encode(decoded.record, options);
    const diagnostics = [...decoded.diagnostics, ...encoded.diagnostics];
    report(where, diagnostics);
    if (hasErrors(diagnostics)) errors += 1;
    await writeOut(`${JSON.stringify(encoded.json)}\n`);
  }
  return errors > 0 ? EXIT_ERRORS : EXIT_OK;
}
