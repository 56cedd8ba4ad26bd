/** `parley render`: a conversation (JSON) → the format's exact text on stdout. */
import { branchDiagnostics, branchRecord, checkedBranches, diagnoseFor, isPreferenceRecord, renderedBranches, wholeRecord, type CheckProfile, type Conversation, type Diagnose, type Diagnostic, type Format, type OptionValues, type ParleyRecord, type RenderHow } from '../../core/index.ts';
import type { Tokenizer } from '../../core/tokens/index.ts';
import type { DialectChoice } from '../dialect.ts';
import { dialectNotes, sayDialect } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatInput, type FormatInput } from '../format-input.ts';
import { decodeJsonText, failureDiagnostic } from '../input.ts';
import { inputName, readInputText, writeErr, writeOut } from '../io.ts';
import { jsonString } from '../json-string.ts';
import { FIX_FLAG, fixForCommand, fixHelp, fixSummary, tallyOf, withoutFixes } from '../fixes.ts';
import { runJsonl } from '../jsonl-run.ts';
import { COLUMN_FLAG, COLUMN_HELP, columnsOf, isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { arrayRecordsOf } from '../json-array-input.ts';
import { lineJob, type LineJob, type LineResult } from '../line-job.ts';
import { diagnosticLine } from '../print.ts';
import { checkOne, checkSetup, CHECK_FLAGS, CHECK_HELP, workerTokenizer, type CheckSetup } from '../record-check.ts';
import type { RecordFailure } from '../record-failures.ts';
import { openTokenizer, withTokenizer } from '../tokenizer-source.ts';

export const RENDER_HELP = `Usage: parley render --format ID [options] [FILE|-]

Renders one conversation (JSON: {"messages": [...], "tools": [...]} or a bare messages array)
to the format's exact token text, written to stdout with nothing added.

Options:
  --format ID            the token format (see parley formats)
  --input-dialect ID     the JSON dialect of the input (default: the format's native dialect
                         when it reads the input without errors, else detected; an INFO line
                         on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file): one conversation per
                         line in, one {"text", "diagnostics"} object per line out ("text" is null
                         when the line cannot be read); a blank line in, an empty line out
${COLUMN_HELP}
${JOBS_HELP}
${NOTES_HELP}
${fixHelp('rendering')}
${CHECK_HELP}
  <format options>       the format's own flags, e.g. for apertus: --add-generation-prompt,
                         --no-thinking, --bos TEXT, --date YYYY-MM-DD (see parley formats);
                         for jinja: --template FILE (a .jinja file or a tokenizer_config.json,
                         whose special tokens fill what the input leaves out), --template-name
                         NAME, --date YYYY-MM-DD (strftime_now), --template-budget STEPS (the
                         render's step budget, default 1000000 plus 10000 a message); input keys
                         other than messages are template variables

Diagnostics (those of parley validate: the record's, the format's, the rules') go to stderr
as "LEVEL path: message".
Exit codes: 0 rendered; 1 rendered with errors (the text is still written); 2 bad input.`;

/** The command prints text and diagnostics, never spans: the formats skip building them. */
const TEXT_ONLY: RenderHow = { spans: false };

const SPECS = [{ flag: '--input-dialect', takesValue: true, valueName: 'ID' }, JSONL_FLAG, COLUMN_FLAG, JOBS_FLAG, NOTES_FLAG, FIX_FLAG, ...CHECK_FLAGS];

type RenderSetup = FormatInput & CheckSetup;

function setup(argv: readonly string[]): RenderSetup {
  const input = parseFormatInput(argv, 'render', SPECS);
  return { ...input, ...checkSetup(input, 'render') };
}

export async function renderCommand(argv: readonly string[]): Promise<number> {
  const render = setup(argv);
  const { args, format, options, choice, profile, file } = render;
  const fix = fixOf(args, format, options);
  const jsonl = isJsonl(args, file, 'render');
  const opened = render.tokenizer === undefined ? undefined : await openTokenizer(render.tokenizer, 'render');
  try {
    if (jsonl) {
      const job = renderLine(format, options, choice, fix, profile, opened?.tokenizer);
      const workerArgv = opened?.downloadedTo === undefined ? argv : withTokenizer(argv, opened.downloadedTo);
      return await runJsonl({ command: 'render', argv: workerArgv, file, job, jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary: renderSummary, columns: columnsOf(args) });
    }
    const text = await readInputText(file, 'render');
    const array = arrayRecordsOf(text);
    if (array) {
      const job = renderLine(format, options, choice, fix, profile, opened?.tokenizer);
      const workerArgv = opened?.downloadedTo === undefined ? argv : withTokenizer(argv, opened.downloadedTo);
      return await runJsonl({ command: 'render', argv: workerArgv, file, job, jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary: renderSummary, array });
    }
    const decoded = decodeJsonText(text, choice, inputName(file));
    if (!decoded.ok) throw new CliError(`render: ${decoded.message}`);
    sayDialect(decoded, choice);
    const fixed = fix ? fixForCommand(decoded.record, fix) : { record: decoded.record, notes: [] };
    for (const note of fixed.notes) writeErr(note.text);
    if (isPreferenceRecord(fixed.record)) {
      // Two texts: written as the one object --jsonl writes for the record (docs/cli.md).
      writeErr('INFO render: a preference record renders as two texts, written as {"chosen": {"text", "diagnostics"}, "rejected": {…}}');
      const branches = renderBranches(format, options, profile, opened?.tokenizer, fixed.record, decoded.diagnostics);
      await writeOut(`${branches.out}\n`);
      return branches.errors > 0 ? EXIT_ERRORS : EXIT_OK;
    }
    const whole = wholeRecord(fixed.record);
    const rendered = format.render(whole, options, TEXT_ONLY);
    await writeOut(rendered.text);
    const { diagnostics, errors } = checkOne(format, profile, opened?.tokenizer, whole, decoded.diagnostics, rendered.diagnostics);
    for (const diagnostic of branchedDiagnostics(fixed.record, diagnostics)) writeErr(diagnosticLine(diagnostic));
    if (fixed.notes.length > 0) for (const line of fixSummary('render', tallyOf(fixed.notes))) writeErr(line);
    return errors > 0 ? EXIT_ERRORS : EXIT_OK;
  } finally {
    opened?.cleanup();
  }
}

/** The JSON Lines job of `parley render` with these arguments (for the workers of --jobs). */
export function renderLineJob(argv: readonly string[]): LineJob {
  const { args, format, options, choice, profile, tokenizer } = setup(argv);
  return renderLine(format, options, choice, fixOf(args, format, options), profile, workerTokenizer(tokenizer, 'render'));
}

/** `--fix`: the record's own checks and the format's render, repaired before the render that is written. */
function fixOf(args: FormatInput['args'], format: Format<OptionValues>, options: Partial<OptionValues>): Diagnose | undefined {
  return args.flags.has('--fix') ? diagnoseFor({ format, formatOptions: options }) : undefined;
}

function renderLine(format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice, fix: Diagnose | undefined, profile: CheckProfile, tokenizer: Tokenizer | undefined): LineJob {
  return lineJob((text) => {
    const decoded = decodeJsonText(text, choice);
    if (!decoded.ok) return renderFailure(decoded);
    const fixed = fix ? fixForCommand(decoded.record, fix) : undefined;
    const record = fixed ? fixed.record : decoded.record;
    const notes = dialectNotes(decoded, choice);
    if (isPreferenceRecord(record)) {
      const branches = renderBranches(format, options, profile, tokenizer, record, decoded.diagnostics);
      return { out: branches.out, failed: branches.errors > 0, notes: fixed ? [...notes, ...fixed.notes] : notes };
    }
    const whole = wholeRecord(record);
    const rendered = format.render(whole, options, TEXT_ONLY);
    // The render's diagnostics are those of the record's check, as validate lists them.
    const checked = checkOne(format, profile, tokenizer, whole, decoded.diagnostics, rendered.diagnostics);
    const diagnostics = withoutFixes(branchedDiagnostics(record, checked.diagnostics));
    // JSON.stringify({ text, diagnostics }), with the long text written by jsonString (faster, same bytes).
    const out = `{"text":${jsonString(rendered.text)},"diagnostics":${JSON.stringify(diagnostics)}}`;
    return { out, failed: checked.errors > 0, notes: fixed ? [...notes, ...fixed.notes] : notes };
  }, renderFailure);
}

function renderSummary({ records, failed }: { records: number; failed: number }, name: string): string | undefined {
  return failed > 0 ? `render: ${failed} of ${records} records in ${name} have errors (see their diagnostics)` : undefined;
}

/**
 * A preference record's two renders, the prompt followed by each branch:
 * `{"chosen": {"text", "diagnostics"}, "rejected": {"text", "diagnostics"}}`, each branch's
 * diagnostics at the record's paths (`branches.rejected[0]…`).
 */
function renderBranches(format: Format<OptionValues>, options: Partial<OptionValues>, profile: CheckProfile, tokenizer: Tokenizer | undefined, record: Conversation, reader: readonly Diagnostic[]): { out: string; errors: number } {
  let errors = 0;
  const parts = renderedBranches(record).map((name) => {
    const branch = branchRecord(record, name);
    const rendered = format.render(branch, options, TEXT_ONLY);
    const checked = checkOne(format, profile, tokenizer, branch, reader, rendered.diagnostics);
    errors += checked.errors;
    const diagnostics = withoutFixes(branchDiagnostics(record, name, checked.diagnostics));
    return `${JSON.stringify(name)}:{"text":${jsonString(rendered.text)},"diagnostics":${JSON.stringify(diagnostics)}}`;
  });
  return { out: `{${parts.join(',')}}`, errors };
}

/** A record with one completion is rendered as `wholeRecord`: its diagnostics at the record's paths. */
function branchedDiagnostics<D extends Diagnostic>(record: ParleyRecord, diagnostics: readonly D[]): readonly D[] {
  const [name, ...more] = record.kind === 'chat' ? checkedBranches(record) : [];
  return name === undefined || more.length > 0 || record.kind !== 'chat' ? diagnostics : branchDiagnostics(record, name, diagnostics);
}

/** A record that could not be rendered: no text, the reason as its diagnostic. */
function renderFailure(failure: RecordFailure): LineResult {
  return { out: JSON.stringify({ text: null, diagnostics: [failureDiagnostic(failure)] }), failed: true };
}
