/** `parley validate`: every diagnostic of a conversation (dialect, format, tool calls), one per line. */
import { cleanCheckFor, cleanNativeReadingHow, findCodec, hasErrors, validateRecord, withoutValidated, type Diagnostic, type Format, type OptionValues, type RenderHow, type ValidateHow } from '../../core/index.ts';
import type { DialectChoice } from '../dialect.ts';
import { dialectNotes, sayDialect } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatInput, type FormatInput } from '../format-input.ts';
import { decodeJsonText, failureDiagnostic, parseJsonInput, readJsonValue, type Decoded } from '../input.ts';
import { inputName, readInputText, writeOut } from '../io.ts';
import { withoutFixes } from '../fixes.ts';
import { runJsonl } from '../jsonl-run.ts';
import { isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { lineJob, type LineJob, type LineResult } from '../line-job.ts';
import { diagnosticLine } from '../print.ts';
import type { RecordFailure } from '../record-failures.ts';

export const VALIDATE_HELP = `Usage: parley validate --format ID [options] [FILE|-]

Checks a conversation (JSON) against its dialect, the format and the tool definitions, and
writes each problem on stdout as "LEVEL path: message". JSON Lines: one {"valid", "diagnostics"}
object per line ("valid": no errors), a blank line in, an empty line out, and a summary on stderr.

Options:
  --format ID            the token format (see parley formats)
  --input-dialect ID     the JSON dialect of the input (default: as for parley render; an INFO
                         line on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file)
${JOBS_HELP}
${NOTES_HELP}
  <format options>       the format's own flags (see parley formats)

Exit codes: 0 no errors (warnings may be listed); 1 at least one error; 2 bad input.`;

/** Only the format's diagnostics are used: the formats build neither spans nor text. */
const DIAGNOSTICS_ONLY: RenderHow = { spans: false, text: false };

/** Each record is checked once: no memo (see ValidateHow). */
const ONCE: ValidateHow = { once: true };

const SPECS = [{ flag: '--input-dialect', takesValue: true, valueName: 'ID' }, JSONL_FLAG, JOBS_FLAG, NOTES_FLAG];

/** Decode, format and model diagnostics of one record, without repeats. */
function diagnosticsOf(decoded: Decoded & { ok: true }, format: Format<OptionValues>, options: Partial<OptionValues>): Diagnostic[] {
  const validation = validateRecord(decoded.record, ONCE);
  // A problem both the format and the checks report is listed once (core's rule, as in the app).
  const all = [...decoded.diagnostics, ...withoutValidated(format.render(decoded.record, options, DIAGNOSTICS_ONLY).diagnostics, validation), ...validation];
  const seen = new Set<string>();
  return all.filter((d) => {
    const key = diagnosticLine(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function setup(argv: readonly string[]): FormatInput {
  return parseFormatInput(argv, 'validate', SPECS);
}

export async function validateCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options, choice, file } = setup(argv);
  if (isJsonl(args, file, 'validate')) {
    const job = validateLine(format, options, choice);
    const summary = ({ records, failed }: { records: number; failed: number }, name: string) => `validate: ${records} record${records === 1 ? '' : 's'} in ${name}, ${failed} with errors`;
    return runJsonl({ command: 'validate', argv, file, job, jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary });
  }
  const decoded = decodeJsonText(await readInputText(file, 'validate'), choice, inputName(file));
  if (!decoded.ok) throw new CliError(`validate: ${decoded.message}`);
  sayDialect(decoded, choice, format.id);
  const diagnostics = diagnosticsOf(decoded, format, options);
  for (const diagnostic of diagnostics) await writeOut(`${diagnosticLine(diagnostic)}\n`);
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

/** The JSON Lines job of `parley validate` with these arguments (for the workers of --jobs). */
export function validateLineJob(argv: readonly string[]): LineJob {
  const { format, options, choice } = setup(argv);
  return validateLine(format, options, choice);
}

function validateLine(format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice): LineJob {
  const quick = quickValid(format, options, choice);
  return lineJob((text) => {
    const parsed = parseJsonInput(text);
    const valid = parsed.ok ? quick?.(parsed.value) : undefined;
    if (valid) return valid;
    const decoded = parsed.ok ? readJsonValue(parsed.value, choice) : parsed;
    if (!decoded.ok) return validateFailure(decoded);
    const diagnostics = diagnosticsOf(decoded, format, options);
    const isValid = !hasErrors(diagnostics);
    return { out: JSON.stringify({ valid: isValid, diagnostics: withoutFixes(diagnostics) }), failed: !isValid, notes: dialectNotes(decoded, choice, format.id) };
  }, validateFailure);
}

/** A record that could not be checked: not valid, the reason as its diagnostic. */
function validateFailure(failure: RecordFailure): LineResult {
  return { out: JSON.stringify({ valid: false, diagnostics: [failureDiagnostic(failure)] }), failed: true };
}

/** The result line of a record without any diagnostic: what the full checks write for it. */
const CLEAN_LINE = JSON.stringify({ valid: true, diagnostics: [] });

/**
 * The result of a record that the format's clean check proves clean in its native dialect
 * (core's `cleanCheckFor`), without reading it into the model; undefined: run the full
 * checks. Undefined for a format without one, or when the input is read as another dialect.
 */
function quickValid(format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice): ((json: unknown) => LineResult | undefined) | undefined {
  const isClean = cleanCheckFor(format.id, options);
  const native = format.nativeDialect === undefined ? undefined : findCodec(format.nativeDialect);
  if (isClean === undefined || native === undefined) return undefined;
  if (choice.given !== undefined && choice.given.id !== native.id) return undefined;
  return (json) => {
    const verdict = isClean(json);
    if (verdict === false) return undefined;
    const how = cleanNativeReadingHow(json, { format, override: choice.given }, verdict === 'clean-keeps-unknown');
    if (how === undefined) return undefined;
    return { out: CLEAN_LINE, failed: false, notes: dialectNotes({ ok: true, codec: native, how }, choice, format.id) };
  };
}
