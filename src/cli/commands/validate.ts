/**
 * `parley validate`: every diagnostic of a conversation (core's checkRecord: dialect, record,
 * structure, format, the team's rules), one per line; for JSON Lines a result per line, the
 * problems named by line on stderr and the exact duplicates in the summary.
 */
import { checkProvenClean, cleanCheckFor, findJsonTooDeep, cleanNativeReadingHow, cleanRuleSubjectFor, findCodec, withoutSource, type CheckProfile, type Format, type OptionValues } from '../../core/index.ts';
import type { Tokenizer } from '../../core/tokens/index.ts';
import type { DialectChoice } from '../dialect.ts';
import { dialectNotes, sayDialect } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatInput, type FormatInput } from '../format-input.ts';
import { decodeJsonText, failureDiagnostic, parseJsonSyntax, readJsonValue, tooDeepFailure } from '../input.ts';
import { inputName, readInputText, writeOut } from '../io.ts';
import { withoutFixes } from '../fixes.ts';
import { runJsonl } from '../jsonl-run.ts';
import { arrayRecordsOf } from '../json-array-input.ts';
import { COLUMN_FLAG, COLUMN_HELP, columnsOf, isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { lineJob, type LineJob, type LineResult } from '../line-job.ts';
import { lineContentKey } from '../duplicate-lines.ts';
import { diagnosticLine } from '../print.ts';
import { checkOne, checkSetup, CHECK_FLAGS, CHECK_HELP, workerTokenizer, type CheckSetup } from '../record-check.ts';
import type { RecordFailure } from '../record-failures.ts';
import { openTokenizer, withTokenizer } from '../tokenizer-source.ts';

export const VALIDATE_HELP = `Usage: parley validate --format ID [options] [FILE|-]

Checks a conversation (JSON) against its dialect, the format, the tool definitions and the
rules of --rules, as the app does, and writes each problem on stdout as "LEVEL path: message".
JSON Lines: one {"valid", "diagnostics"} object per line ("valid": no errors), a blank line in,
an empty line out; on stderr each problem with its line ("data.jsonl:17: ERROR ..."), then a
summary that also names exact duplicate records ("line 12 = line 5").

Options:
  --format ID            the token format (see parley formats)
  --input-dialect ID     the JSON dialect of the input (default: as for parley render; an INFO
                         line on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file)
${COLUMN_HELP}
${JOBS_HELP}
${NOTES_HELP}
${CHECK_HELP}
  <format options>       the format's own flags (see parley formats)

Exit codes: 0 no errors (warnings may be listed); 1 at least one error; 2 bad input.`;

const SPECS = [{ flag: '--input-dialect', takesValue: true, valueName: 'ID' }, JSONL_FLAG, COLUMN_FLAG, JOBS_FLAG, NOTES_FLAG, ...CHECK_FLAGS];

type ValidateSetup = FormatInput & CheckSetup;

function setup(argv: readonly string[]): ValidateSetup {
  const input = parseFormatInput(argv, 'validate', SPECS);
  return { ...input, ...checkSetup(input, 'validate') };
}

export async function validateCommand(argv: readonly string[]): Promise<number> {
  const validate = setup(argv);
  const { args, format, choice, profile, file } = validate;
  const jsonl = isJsonl(args, file, 'validate');
  const opened = validate.tokenizer === undefined ? undefined : await openTokenizer(validate.tokenizer, 'validate');
  try {
    if (jsonl) {
      const job = validateLine(validate, opened?.tokenizer);
      // The workers read a downloaded model from its folder.
      const workerArgv = opened?.downloadedTo === undefined ? argv : withTokenizer(argv, opened.downloadedTo);
      return await runJsonl({ command: 'validate', argv: workerArgv, file, job, jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary: validateSummary, duplicates: true, columns: columnsOf(args) });
    }
    const text = await readInputText(file, 'validate');
    const array = arrayRecordsOf(text);
    if (array) {
      const workerArgv = opened?.downloadedTo === undefined ? argv : withTokenizer(argv, opened.downloadedTo);
      return await runJsonl({ command: 'validate', argv: workerArgv, file, job: validateLine(validate, opened?.tokenizer), jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary: validateSummary, duplicates: true, array });
    }
    const decoded = decodeJsonText(text, choice, inputName(file));
    if (!decoded.ok) throw new CliError(`validate: ${decoded.message}`);
    sayDialect(decoded, choice);
    const { diagnostics, errors } = checkOne(format, profile, opened?.tokenizer, decoded.record, decoded.diagnostics);
    for (const diagnostic of diagnostics) await writeOut(`${diagnosticLine(diagnostic)}\n`);
    return errors > 0 ? EXIT_ERRORS : EXIT_OK;
  } finally {
    opened?.cleanup();
  }
}

function validateSummary({ records, failed }: { records: number; failed: number }, name: string): string {
  return `validate: ${records} record${records === 1 ? '' : 's'} in ${name}, ${failed} with errors`;
}

/** The JSON Lines job of `parley validate` with these arguments (for the workers of --jobs). */
export function validateLineJob(argv: readonly string[]): LineJob {
  const validate = setup(argv);
  return validateLine(validate, workerTokenizer(validate.tokenizer, 'validate'));
}

/**
 * One record: its result line, its diagnostics for the lines on stderr (`--notes`) and its
 * duplicate key (the summary names exact duplicates).
 */
function validateLine({ format, options, choice, profile }: ValidateSetup, tokenizer: Tokenizer | undefined): LineJob {
  // The token rules need the render: then every record takes the full check.
  const quick = profile.rules === undefined || tokenizer === undefined ? quickCheck(format, options, choice, profile) : undefined;
  return lineJob((text) => {
    const parsed = parseJsonSyntax(text);
    if (!parsed.ok) return validateFailure(parsed);
    // A record the quick path answers is proved within the depth limit by its clean check
    // (core/clean-check/types.ts): only the others are walked for their depth, as before.
    const proved = quick?.(parsed.value);
    if (proved) {
      proved.contentKey = lineContentKey(text);
      return proved;
    }
    const tooDeep = tooDeepFailure(parsed.value);
    if (tooDeep) return validateFailure(tooDeep);
    const key = lineContentKey(text);
    const decoded = readJsonValue(parsed.value, choice);
    if (!decoded.ok) return { ...validateFailure(decoded), contentKey: key };
    const { diagnostics, errors } = checkOne(format, profile, tokenizer, decoded.record, decoded.diagnostics);
    const shown = withoutFixes(diagnostics);
    return { out: JSON.stringify({ valid: errors === 0, diagnostics: shown }), failed: errors > 0, notes: dialectNotes(decoded, choice), diagnostics: shown, contentKey: key };
  }, validateFailure);
}

/** A record that could not be checked: not valid, the reason as its diagnostic (and its line on stderr). */
function validateFailure(failure: RecordFailure): LineResult {
  const diagnostic = failureDiagnostic(failure);
  return { out: JSON.stringify({ valid: false, diagnostics: [diagnostic] }), failed: true, diagnostics: [diagnostic] };
}

/** The result line of a record without any diagnostic: what the full checks write for it. */
const CLEAN_LINE = JSON.stringify({ valid: true, diagnostics: [] });

/**
 * The result of a record that the format's clean check proves clean in its native dialect
 * (core's `cleanCheckFor`), without reading it into the model, and within the depth limit;
 * undefined: check the depth, then run the full checks. Undefined for a format without one, or when the input is read as another dialect.
 * With rules (not the token rules: the caller sees to that), the clean check proves that only
 * the rules can speak, and they read the record's roles and texts straight from its JSON
 * (core's `cleanRuleSubjectFor` and `checkProvenClean`: the diagnostics of `checkRecord`).
 */
function quickCheck(format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice, profile: CheckProfile): ((json: unknown) => LineResult | undefined) | undefined {
  const isClean = cleanCheckFor(format.id, options);
  const native = format.nativeDialect === undefined ? undefined : findCodec(format.nativeDialect);
  const subjectOf = profile.rules === undefined ? undefined : cleanRuleSubjectFor(format.id);
  if (isClean === undefined || native === undefined || (profile.rules !== undefined && subjectOf === undefined)) return undefined;
  if (choice.override !== undefined && choice.override.id !== native.id) return undefined;
  return (json) => {
    const verdict = isClean(json);
    if (verdict === false) return undefined;
    // `clean` proves the depth; the unknown fields of `clean-keeps-unknown` were not walked: the caller checks them.
    if (verdict === 'clean-keeps-unknown' && findJsonTooDeep(json) !== undefined) return undefined;
    const reading = cleanNativeReadingHow(json, format, choice);
    if (reading === undefined) return undefined;
    const notes = dialectNotes({ ok: true, codec: native, ...reading }, choice);
    if (subjectOf === undefined) return { out: CLEAN_LINE, failed: false, notes };
    const check = checkProvenClean(subjectOf(json), profile);
    if (check.diagnostics.length === 0) return { out: CLEAN_LINE, failed: false, notes };
    const shown = withoutFixes(withoutSource(check.diagnostics));
    return { out: JSON.stringify({ valid: check.errors === 0, diagnostics: shown }), failed: check.errors > 0, notes, diagnostics: shown };
  };
}
