/** `parley validate`: every diagnostic of a conversation (dialect, format, tool calls), one per line. */
import { hasErrors, validateRecord, withoutValidated, type Diagnostic, type Format, type OptionValues } from '../../core/index.ts';
import { inputArgument } from '../args.ts';
import type { DialectChoice } from '../dialect.ts';
import { DialectNote } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatArgs } from '../format-args.ts';
import { decodeJsonText, failureDiagnostic, type Decoded } from '../input.ts';
import { inputName, readInputLines, readInputText, writeErr, writeOut } from '../io.ts';
import { isBlank, isJsonl, JSONL_FLAG } from '../jsonl.ts';
import { diagnosticLine } from '../print.ts';
import { optionalCodec } from '../registries.ts';

export const VALIDATE_HELP = `Usage: parley validate --format ID [options] [FILE|-]

Checks a conversation (JSON) against its dialect, the format and the tool definitions, and
writes each problem on stdout as "LEVEL path: message" (JSON Lines: "line N: LEVEL path: message").

Options:
  --format ID            the token format (see parley formats)
  --input-dialect ID     the JSON dialect of the input (default: as for parley render; an INFO
                         line on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file)
  <format options>       the format's own flags (see parley formats)

Exit codes: 0 no errors (warnings may be listed); 1 at least one error; 2 bad input.`;

const SPECS = [{ flag: '--input-dialect', takesValue: true, valueName: 'ID' }, JSONL_FLAG];

/** Decode, format and model diagnostics of one record, without repeats. */
function diagnosticsOf(decoded: Decoded & { ok: true }, format: Format<OptionValues>, options: Partial<OptionValues>): Diagnostic[] {
  const validation = validateRecord(decoded.record);
  // A problem both the format and the checks report is listed once (core's rule, as in the app).
  const all = [...decoded.diagnostics, ...withoutValidated(format.render(decoded.record, options).diagnostics, validation), ...validation];
  const seen = new Set<string>();
  return all.filter((d) => {
    const key = diagnosticLine(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function validateCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options } = parseFormatArgs(argv, 'validate', SPECS);
  const choice: DialectChoice = { given: optionalCodec(args, '--input-dialect', 'validate'), format, flag: '--input-dialect' };
  const file = inputArgument(args, 'validate');
  if (isJsonl(args, file)) return validateLines(file, format, options, choice);
  const decoded = decodeJsonText(await readInputText(file, 'validate'), choice, inputName(file));
  if (!decoded.ok) throw new CliError(`validate: ${decoded.message}`);
  new DialectNote(choice, format.id).say(decoded);
  const diagnostics = diagnosticsOf(decoded, format, options);
  for (const diagnostic of diagnostics) await writeOut(`${diagnosticLine(diagnostic)}\n`);
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

async function validateLines(file: string | undefined, format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice): Promise<number> {
  const name = inputName(file);
  const note = new DialectNote(choice, format.id);
  let records = 0;
  let failed = 0;
  for await (const line of readInputLines(file, 'validate')) {
    if (isBlank(line.text)) continue;
    records += 1;
    const decoded = decodeJsonText(line.text, choice, name, line.number);
    note.say(decoded, `${name}:${line.number}`);
    const diagnostics = decoded.ok ? diagnosticsOf(decoded, format, options) : [failureDiagnostic(decoded)];
    if (hasErrors(diagnostics)) failed += 1;
    for (const diagnostic of diagnostics) await writeOut(`line ${line.number}: ${diagnosticLine(diagnostic)}\n`);
  }
  writeErr(`validate: ${records} record${records === 1 ? '' : 's'} in ${name}, ${failed} with errors`);
  return failed > 0 ? EXIT_ERRORS : EXIT_OK;
}
