/** `parley convert`: a conversation from one JSON dialect to another; what is lost goes to stderr. */
import { resolve } from 'node:path';
import { hasErrors, holdsNumber, numberSpellings, stringifyJson, type Diagnose, type EncodeHow, type InterchangeCodec, type OptionValues } from '../../core/index.ts';
import { inputArgument, parseArgs, stringFlag, type ParsedArgs } from '../args.ts';
import { earlyFlagValue } from '../format-args.ts';
import { optionFlagSpecs, optionValues } from '../format-options.ts';
import type { DialectChoice } from '../dialect.ts';
import { dialectNotes, sayDialect } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { decodeJsonText } from '../input.ts';
import { inputName, readInputText, writeErr, writeOut } from '../io.ts';
import { convertDiagnose, FIX_FLAG, fixForCommand, fixHelp, fixSummary, tallyOf } from '../fixes.ts';
import { runJsonl } from '../jsonl-run.ts';
import { runParquetWrite } from '../parquet-write-run.ts';
import { arrayRecordsOf } from '../json-array-input.ts';
import { COLUMN_FLAG, COLUMN_HELP, columnsOf, isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { lineJob, type LineJob } from '../line-job.ts';
import { diagnosticLine } from '../print.ts';
import { nullFailure } from '../record-failures.ts';
import { codecNamed, dialectList, optionalCodec } from '../registries.ts';

export const CONVERT_HELP = `Usage: parley convert --to DIALECT [--from DIALECT] [--jsonl] [FILE|-]

Converts a conversation between JSON dialects (see parley formats for the list). Without
--from, the input's dialect is detected. The result goes to stdout (pretty-printed; JSON Lines
in, JSON Lines out); what the target cannot express is listed on stderr.

Options:
  --to DIALECT           the dialect to write
  --from DIALECT         the dialect of the input (default: detected, per line for JSON Lines;
                         an INFO line on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file): one line out per
                         line in; a line that cannot be read gives null (the reason, with its
                         line number, on stderr), a blank line an empty line
  --output FILE.parquet  write Parquet instead of stdout: a row per record (JSON Lines or
                         Parquet in); from Parquet, every other column is kept (schema,
                         order, values) and the file is rewritten, not patched
${COLUMN_HELP}
${JOBS_HELP}
${NOTES_HELP}
${fixHelp('converting')}

The target dialect's own options (see parley formats), e.g. for --to openai-chat:
  --legacy-function-call write calls as the legacy function_call / function messages
                         instead of tool_calls with ids

Exit codes: 0 converted; 1 converted with errors, or some lines unreadable; 2 bad input.`;

const SPECS = [{ flag: '--from', takesValue: true, valueName: 'DIALECT' }, { flag: '--to', takesValue: true, valueName: 'DIALECT' }, { flag: '--output', takesValue: true, valueName: 'FILE.parquet' }, JSONL_FLAG, COLUMN_FLAG, JOBS_FLAG, NOTES_FLAG, FIX_FLAG];

interface ConvertSetup {
  args: ParsedArgs;
  from: DialectChoice;
  to: InterchangeCodec;
  options: Partial<OptionValues>;
  file: string | undefined;
  /** `--fix`: what to repair before converting. */
  fix: Diagnose | undefined;
}

function setup(argv: readonly string[]): ConvertSetup {
  // The target's encode options are flags too, known only once --to is.
  const early = earlyFlagValue(argv, '--to');
  const target = early === undefined ? undefined : codecNamed(early, '--to', 'convert');
  const encodeOptions = { options: target?.encodeOptions ?? [] };
  const args = parseArgs(argv, [...SPECS, ...optionFlagSpecs(encodeOptions)], 'convert');
  const toId = stringFlag(args, '--to');
  if (toId === undefined) throw new CliError(`convert: --to is required (one of: ${dialectList()})`);
  const to = codecNamed(toId, '--to', 'convert');
  const options = optionValues(encodeOptions, args, 'convert');
  const from: DialectChoice = { override: optionalCodec(args, '--from', 'convert'), flag: '--from' };
  const fix = args.flags.has('--fix') ? convertDiagnose(to, options) : undefined;
  return { args, from, to, options, file: inputArgument(args, 'convert'), fix };
}

export async function convertCommand(argv: readonly string[]): Promise<number> {
  const { args, from, to, options, file, fix } = setup(argv);
  const output = stringFlag(args, '--output');
  if (output !== undefined) {
    if (!output.toLowerCase().endsWith('.parquet')) throw new CliError('convert: --output writes Parquet only (a *.parquet file); JSON goes to stdout');
    if (file !== undefined && resolve(file) === resolve(output)) throw new CliError('convert: --output is the input file; write to another file (the input is read while the output is written)');
    if (!isJsonl(args, file, 'convert')) throw new CliError('convert: --output takes JSON Lines or Parquet input (--jsonl, a *.jsonl or *.parquet file)');
    const noteLimit = noteLimitOf(args);
    return runParquetWrite({ command: 'convert', file, output, job: convertLine(from, to, options, fix, noteLimit), noteLimit, columns: columnsOf(args) });
  }
  if (isJsonl(args, file, 'convert')) {
    const noteLimit = noteLimitOf(args);
    return runJsonl({ command: 'convert', argv, file, job: convertLine(from, to, options, fix, noteLimit), jobs: jobsOf(args), noteLimit, columns: columnsOf(args) });
  }
  const name = inputName(file);
  const text = await readInputText(file, 'convert');
  const array = arrayRecordsOf(text);
  if (array) {
    // One converted record per line, as for JSON Lines (docs/cli.md, 'JSON arrays of records').
    const noteLimit = noteLimitOf(args);
    return runJsonl({ command: 'convert', argv, file, job: convertLine(from, to, options, fix, noteLimit), jobs: jobsOf(args), noteLimit, array });
  }
  const decoded = decodeJsonText(text, from, name);
  if (!decoded.ok) throw new CliError(`convert: ${decoded.message}`);
  sayDialect(decoded, from);
  const fixed = fix ? fixForCommand(decoded.record, fix) : { record: decoded.record, notes: [] };
  for (const note of fixed.notes) writeErr(`${name}: ${note.text}`);
  const encoded = to.encode(fixed.record, options);
  await writeOut(`${writeJson(encoded.json, text, '  ')}\n`);
  const diagnostics = [...decoded.diagnostics, ...encoded.diagnostics];
  for (const diagnostic of diagnostics) writeErr(`${name}: ${diagnosticLine(diagnostic)}`);
  if (fixed.notes.length > 0) for (const line of fixSummary('convert', tallyOf(fixed.notes))) writeErr(line);
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

/** The JSON Lines job of `parley convert` with these arguments (for the workers of --jobs). */
export function convertLineJob(argv: readonly string[]): LineJob {
  const { args, from, to, options, fix } = setup(argv);
  return convertLine(from, to, options, fix, noteLimitOf(args));
}

/**
 * What the job asks the encoder to make: of each code, the first `noteLimit` it asks about (in
 * this thread, in input order); the others are not made, only counted here (`declined`, taken
 * by the job after each record). The run writes the first `noteLimit` diagnostics of each code
 * of the whole input (jsonl-run.ts): each has fewer than `noteLimit` of its code before it in
 * the input, so fewer in this thread's share too, so fewer asks, and is made; a declined one is
 * always past the run's limit, where it would only have been counted.
 */
class NoteBudget implements EncodeHow {
  /** Per code: asks answered yes, and asks declined since the last `takeDeclined` (one lookup an ask: a record asks a few hundred times). */
  private readonly tallies = new Map<string, { asked: number; declined: number }>();
  private declinedAny = false;

  constructor(private readonly noteLimit: number) {}

  wants(code: string): boolean {
    let tally = this.tallies.get(code);
    if (tally === undefined) {
      tally = { asked: 0, declined: 0 };
      this.tallies.set(code, tally);
    }
    if (tally.asked < this.noteLimit) {
      tally.asked += 1;
      return true;
    }
    tally.declined += 1;
    this.declinedAny = true;
    return false;
  }

  /** Per code, what the encoder did not make since the last call. */
  takeDeclined(): Map<string, number> | undefined {
    if (!this.declinedAny) return undefined;
    this.declinedAny = false;
    const declined = new Map<string, number>();
    for (const [code, tally] of this.tallies) {
      if (tally.declined === 0) continue;
      declined.set(code, tally.declined);
      tally.declined = 0;
    }
    return declined;
  }
}

/** A line that cannot be read gives `null`, so that the output keeps one line per input line. */
function convertLine(from: DialectChoice, to: InterchangeCodec, options: Partial<OptionValues>, fix: Diagnose | undefined, noteLimit: number): LineJob {
  const how = noteLimit === Infinity ? undefined : new NoteBudget(noteLimit);
  return lineJob((text) => {
    const decoded = decodeJsonText(text, from);
    if (!decoded.ok) return nullFailure(decoded);
    const fixed = fix ? fixForCommand(decoded.record, fix) : undefined;
    const encoded = to.encode(fixed ? fixed.record : decoded.record, options, how);
    // Most records read cleanly: their diagnostics are the encoder's (no copy of a few hundred).
    const diagnostics = decoded.diagnostics.length === 0 ? encoded.diagnostics : [...decoded.diagnostics, ...encoded.diagnostics];
    const notes = fixed ? [...dialectNotes(decoded, from), ...fixed.notes] : dialectNotes(decoded, from);
    return { out: writeJson(encoded.json, text), failed: hasErrors(diagnostics), notes, diagnostics, declined: how?.takeDeclined() };
  }, nullFailure);
}

/**
 * The converted record as JSON, each number that is at the same path with the same value as in
 * the input spelled as the input spelled it (`1.0`, `-0`, `1e5`, a 20-digit integer), with or
 * without --fix: JSON.parse keeps only values (docs/fixes.md). Without recursion, too.
 */
function writeJson(json: unknown, input: string, indent?: string): string {
  // Output without a number needs no spellings: the walk costs a few per cent of the text scan.
  const spellings = holdsNumber(json) ? numberSpellings(input) : undefined;
  return stringifyJson(json, { spellings, ...(indent === undefined ? {} : { indent }) });
}
