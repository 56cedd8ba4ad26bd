/** `parley tokenize`: a conversation → its tokens as a trainer reads them (`input_ids`, `labels`, …). */
import type { Diagnostic, Format, OptionValues } from '../../core/index.ts';
import { branchDiagnostics, branchRecord, checkedBranches, hasErrors, isPreferenceRecord, renderedBranches, wholeRecord } from '../../core/index.ts';
import { TOKEN_CODES, tokenDiagnostics, TokenizerEncodeError, trainingExample, type MaskOptions, type Tokenizer, type TrainingExample } from '../../core/tokens/index.ts';
import type { ParleyRecord } from '../../core/model/types.ts';
import { stringFlag, type ParsedArgs } from '../args.ts';
import type { DialectChoice } from '../dialect.ts';
import { dialectNotes, sayDialect } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatInput, type FormatInput } from '../format-input.ts';
import { decodeJsonText, failureDiagnostic } from '../input.ts';
import { inputName, readInputText, writeErr, writeOut } from '../io.ts';
import { runJsonl } from '../jsonl-run.ts';
import { arrayRecordsOf } from '../json-array-input.ts';
import { isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { lineJob, type LineJob, type LineResult } from '../line-job.ts';
import { MASK_FLAGS, MASK_HELP, maskOf } from '../mask-flags.ts';
import { diagnosticLine } from '../print.ts';
import type { RecordFailure } from '../record-failures.ts';
import { chooseTokenizer } from '../template-tokenizer.ts';
import { loadTokenizerFrom, openTokenizer, withTokenizer, type TokenizerSource } from '../tokenizer-source.ts';

export const TOKENIZE_HELP = `Usage: parley tokenize --format ID [options] [FILE|-]

Renders a conversation in the format, tokenizes the text and writes, as one JSON object:
  {"input_ids": [...], "attention_mask": [...], "labels": [...], "tokens": [...], "count": N,
   "trained": N, "messages": [tokens per message], "diagnostics": [...]}
"labels" is the id where the token is trained and -100 where it is not (Hugging Face's
convention). A token is trained when every character it covers is text the format trains on
(what the assistant writes); the options below change which turns count.

Options:
  --format ID            the token format (see parley formats)
  --tokenizer FILE|MODEL_ID|NAME
                         a tokenizer.json (or a folder holding one; a tokenizer_config.json
                         beside it is read too), a Hugging Face model id (downloaded; needs the
                         network), or a shipped tokenizer: qwen3, llama3.1, gpt-oss. Default:
                         the format's own (chatml: qwen3, llama3: llama3.1, harmony: gpt-oss,
                         openchatml: qwen3; apertus and rwkv ship none)
${MASK_HELP}
  --input-dialect ID     the JSON dialect of the input (as for parley render)
  --jsonl                the input is JSON Lines (also for a *.jsonl file): one object per line
                         out ("input_ids" is null when the line cannot be read); a blank line
                         in, an empty line out
${JOBS_HELP}
${NOTES_HELP}
  <format options>       the format's own flags (see parley formats)

Diagnostics go to stderr (one object: "LEVEL path: message"); with --jsonl they are in each line.
Exit codes: 0 tokenized; 1 the render has errors (still written); 2 bad input, or a model id
while offline.`;

const SPECS = [
  { flag: '--tokenizer', takesValue: true, valueName: 'FILE|MODEL_ID' },
  ...MASK_FLAGS,
  { flag: '--input-dialect', takesValue: true, valueName: 'ID' },
  JSONL_FLAG,
  JOBS_FLAG,
  NOTES_FLAG,
];

interface Setup extends FormatInput {
  mask: MaskOptions;
}

function setup(argv: readonly string[]): Setup {
  const input = parseFormatInput(argv, 'tokenize', SPECS);
  return { ...input, mask: maskOf(input.args, 'tokenize') };
}

/** `--tokenizer`, else the format's; for jinja, the template's (cli/template-tokenizer.ts). */
function sourceOf(args: ParsedArgs, format: Format<OptionValues>, options: Partial<OptionValues>): TokenizerSource {
  return chooseTokenizer(stringFlag(args, '--tokenizer'), args, format, options, 'tokenize').source;
}

/** `example` undefined: the tokenizer has no id for a token of the render (an error diagnostic says which). */
interface Tokenized {
  example: TrainingExample | undefined;
  diagnostics: Diagnostic[];
}

function tokenize(format: Format<OptionValues>, options: Partial<OptionValues>, tokenizer: Tokenizer, mask: MaskOptions, record: ParleyRecord): Tokenized {
  const rendered = format.render(record, options);
  try {
    const { encoding, mask: tokenMask, example } = trainingExample(tokenizer, record, rendered, mask);
    return { example, diagnostics: [...rendered.diagnostics, ...tokenDiagnostics(rendered.text, rendered.spans, encoding, tokenMask, tokenizer.name)] };
  } catch (error) {
    // Never `null` ids: the record's result says the tokenizer cannot read it, and the run goes on.
    if (!(error instanceof TokenizerEncodeError)) throw error;
    return { example: undefined, diagnostics: [...rendered.diagnostics, { severity: 'error', code: TOKEN_CODES.noId, message: error.message }] };
  }
}

/** The result object: the example's fields in a fixed order, then the diagnostics; `input_ids` null when there is none (as for an unreadable line). */
function resultJson({ example, diagnostics }: Tokenized): string {
  if (example === undefined) return JSON.stringify({ input_ids: null, diagnostics });
  const { input_ids, attention_mask, labels, tokens, count, trained, messages } = example;
  return JSON.stringify({ input_ids, attention_mask, labels, tokens, count, trained, messages, diagnostics });
}

function tokenizeSummary({ records, failed }: { records: number; failed: number }, name: string): string | undefined {
  return failed > 0 ? `tokenize: ${failed} of ${records} records in ${name} have errors (see their diagnostics)` : undefined;
}

/**
 * A record's result object, after the reader's diagnostics `reader`: for a preference record
 * `{"chosen": {…}, "rejected": {…}}`, each branch (the prompt then that branch) tokenized with
 * its diagnostics at the record's paths; any other record as one conversation (`wholeRecord`:
 * the prompt then its completion). `diagnostics`: all of them, for stderr and the exit code.
 */
function tokenizeRecord(format: Format<OptionValues>, options: Partial<OptionValues>, tokenizer: Tokenizer, mask: MaskOptions, record: ParleyRecord, reader: readonly Diagnostic[] = []): { out: string; diagnostics: Diagnostic[] } {
  if (isPreferenceRecord(record)) {
    const all: Diagnostic[] = [];
    const parts = renderedBranches(record).map((name) => {
      const result = tokenize(format, options, tokenizer, mask, branchRecord(record, name));
      result.diagnostics = [...reader, ...branchDiagnostics(record, name, result.diagnostics)];
      all.push(...result.diagnostics);
      return `${JSON.stringify(name)}:${resultJson(result)}`;
    });
    return { out: `{${parts.join(',')}}`, diagnostics: all };
  }
  const whole = wholeRecord(record);
  const result = tokenize(format, options, tokenizer, mask, whole);
  const [name, ...more] = checkedBranches(record);
  if (name !== undefined && more.length === 0 && record.kind === 'chat') result.diagnostics = branchDiagnostics(record, name, result.diagnostics);
  result.diagnostics.unshift(...reader);
  return { out: resultJson(result), diagnostics: result.diagnostics };
}

export async function tokenizeCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options, choice, file, mask } = setup(argv);
  const jsonl = isJsonl(args, file, 'tokenize');
  const source = sourceOf(args, format, options);
  const { tokenizer, downloadedTo, cleanup } = await openTokenizer(source, 'tokenize');
  try {
    if (jsonl) {
      const job = tokenizeLine(format, options, choice, tokenizer, mask);
      const workerArgv = downloadedTo === undefined ? argv : withTokenizer(argv, downloadedTo);
      return await runJsonl({ command: 'tokenize', argv: workerArgv, file, job, jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary: tokenizeSummary });
    }
    const text = await readInputText(file, 'tokenize');
    const array = arrayRecordsOf(text);
    if (array) {
      const workerArgv = downloadedTo === undefined ? argv : withTokenizer(argv, downloadedTo);
      return await runJsonl({ command: 'tokenize', argv: workerArgv, file, job: tokenizeLine(format, options, choice, tokenizer, mask), jobs: jobsOf(args), noteLimit: noteLimitOf(args), summary: tokenizeSummary, array });
    }
    const decoded = decodeJsonText(text, choice, inputName(file));
    if (!decoded.ok) throw new CliError(`tokenize: ${decoded.message}`);
    sayDialect(decoded, choice);
    const result = tokenizeRecord(format, options, tokenizer, mask, decoded.record);
    await writeOut(`${result.out}\n`);
    const diagnostics = [...decoded.diagnostics, ...result.diagnostics];
    for (const diagnostic of diagnostics) writeErr(diagnosticLine(diagnostic));
    return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
  } finally {
    cleanup();
  }
}

/** The JSON Lines job of `parley tokenize` (for the workers of --jobs; a model id is a folder by then). */
export function tokenizeLineJob(argv: readonly string[]): LineJob {
  const { args, format, options, choice, mask } = setup(argv);
  const source = sourceOf(args, format, options);
  if (source.kind === 'model') throw new CliError('tokenize: a worker cannot download a tokenizer');
  return tokenizeLine(format, options, choice, loadTokenizerFrom(source, 'tokenize'), mask);
}

function tokenizeLine(format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice, tokenizer: Tokenizer, mask: MaskOptions): LineJob {
  return lineJob((text) => {
    const decoded = decodeJsonText(text, choice);
    if (!decoded.ok) return tokenizeFailure(decoded);
    const result = tokenizeRecord(format, options, tokenizer, mask, decoded.record, decoded.diagnostics);
    return { out: result.out, failed: hasErrors(result.diagnostics), notes: dialectNotes(decoded, choice) };
  }, tokenizeFailure);
}

/** A record that could not be tokenized: no ids, the reason as its diagnostic. */
function tokenizeFailure(failure: RecordFailure): LineResult {
  return { out: JSON.stringify({ input_ids: null, diagnostics: [failureDiagnostic(failure)] }), failed: true };
}
