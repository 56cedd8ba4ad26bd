/**
 * `parley compare`: every record of a dataset rendered two ways (a format and its flags, a
 * template, a tokenizer), one line per record saying what differs (core's compareRecord), a
 * summary per kind of difference on stderr; exit codes as diff has them.
 */
import { dialectContextOf } from '../../core/index.ts';
import { compareRecord, kindsOf, type RecordComparison, type Rendering } from '../../core/compare/index.ts';
import type { Tokenizer } from '../../core/tokens/index.ts';
import { inputArgument, parseArgs, stringFlag, type ParsedArgs } from '../args.ts';
import { countText } from '../count-text.ts';
import type { DialectChoice } from '../dialect.ts';
import { dialectNotes, sayDialect } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { decodeJsonText, failureDiagnostic } from '../input.ts';
import { inputName, readInputText, writeErr, writeOut } from '../io.ts';
import { runJsonl, type Counts } from '../jsonl-run.ts';
import { isJsonl, JOBS_FLAG, JOBS_HELP, jobsOf, JSONL_FLAG, noteLimitOf, NOTES_FLAG, NOTES_HELP } from '../jsonl.ts';
import { lineJob, type LineJob, type LineResult, type Note } from '../line-job.ts';
import type { RecordFailure } from '../record-failures.ts';
import { optionalCodec } from '../registries.ts';
import { parseSide, type SideArgs, type SideName } from '../side-spec.ts';
import { loadTokenizerFrom, openTokenizer, tokenizerSource, withTokenizer, type TokenizerSource } from '../tokenizer-source.ts';

export const COMPARE_HELP = `Usage: parley compare --a "FORMAT [flags]" --b "FORMAT [flags]" [options] [FILE|-]

Renders every record two ways and writes, one line per record, what differs:
  {"same": true}
  {"same": false, "text": true}                                   without --tokenizer
  {"same": false, "text": false, "ids": true, "labels": true}     with --tokenizer
  {"same": false, "error": "b", "diagnostics": [...]}             side b cannot render it
  {"same": false, "error": "input", "diagnostics": [...]}         the line cannot be read
On stderr: the first lines of each kind of difference, then the count of each.

Options:
  --a SPEC, --b SPEC     a rendering: a format id and its flags as parley render takes them,
                         in one (quoted) word, e.g. "chatml --arguments as-given",
                         "jinja --template qwen2.5.jinja", "llama3 --tools-in-system";
                         a side may name its own --tokenizer FILE|NAME, and take the mask
                         flags of parley tokenize for its labels: --mask last|all,
                         --no-train-thoughts, --no-train-tool-calls
                         (e.g. --b "chatml --no-train-tool-calls")
  --tokenizer FILE|MODEL_ID|NAME
                         compare the token ids and labels too (the labels of each side's
                         mask: by default every assistant turn), with this tokenizer on the
                         sides that name none (as for parley tokenize)
  --input-dialect ID     the JSON dialect of the input (default: as parley render reads it
                         for side a's format); both sides render the same record
  --jsonl                the input is JSON Lines (also for a *.jsonl file)
${JOBS_HELP}
${NOTES_HELP}

Exit codes (as diff): 0 every record the same; 1 some differ or cannot be rendered or read;
2 bad input (file, flag, side, tokenizer).`;

const SPECS = [
  { flag: '--a', takesValue: true, valueName: 'SPEC' },
  { flag: '--b', takesValue: true, valueName: 'SPEC' },
  { flag: '--tokenizer', takesValue: true, valueName: 'FILE|MODEL_ID|NAME' },
  { flag: '--input-dialect', takesValue: true, valueName: 'ID' },
  JSONL_FLAG,
  JOBS_FLAG,
  NOTES_FLAG,
];

interface Setup {
  args: ParsedArgs;
  a: SideArgs;
  b: SideArgs;
  choice: DialectChoice;
  file: string | undefined;
}

function sideOf(args: ParsedArgs, name: SideName): SideArgs {
  const spec = stringFlag(args, `--${name}`);
  if (spec === undefined) throw new CliError(`compare: --${name} is required: the ${name === 'a' ? 'first' : 'second'} rendering, e.g. --${name} "chatml"`);
  return parseSide(spec, name);
}

function setup(argv: readonly string[]): Setup {
  const args = parseArgs(argv, SPECS, 'compare');
  const a = sideOf(args, 'a');
  const b = sideOf(args, 'b');
  const readAs = optionalCodec(args, '--input-dialect', 'compare')?.id;
  // Both sides render one record, read as side a's format reads it (core's CheckProfile context, as parley render).
  const choice: DialectChoice = { ...dialectContextOf({ formatId: a.format.id, ...(readAs === undefined ? {} : { readAs }) }), format: a.format, flag: '--input-dialect' };
  return { args, a, b, choice, file: inputArgument(args, 'compare') };
}

/** The tokenizer of each side: its own, else the shared --tokenizer; both or neither. */
function tokenizerSources({ args, a, b }: Setup): [TokenizerSource, TokenizerSource] | undefined {
  const shared = stringFlag(args, '--tokenizer');
  const sourceOf = (side: SideArgs, name: SideName): TokenizerSource | undefined => {
    const value = side.tokenizer ?? shared;
    if (value === undefined) return undefined;
    const source = tokenizerSource(value, side.format.id, 'compare');
    if (source.kind === 'model' && side.tokenizer !== undefined) throw new CliError(`compare: --${name}'s --tokenizer ${side.tokenizer} is a model id; a side takes a file or a shipped name (a model id goes to the shared --tokenizer)`);
    return source;
  };
  const sources = [sourceOf(a, 'a'), sourceOf(b, 'b')] as const;
  if (sources[0] === undefined && sources[1] === undefined) return undefined;
  if (sources[0] === undefined || sources[1] === undefined) {
    const missing = sources[0] === undefined ? 'a' : 'b';
    throw new CliError(`compare: token ids are compared with a tokenizer on both sides; side ${missing} has none (give --tokenizer for both, or one in --${missing})`);
  }
  return [sources[0], sources[1]];
}

function rendering(side: SideArgs, tokenizer: Tokenizer | undefined): Rendering {
  return tokenizer === undefined ? { format: side.format, options: side.options } : { format: side.format, options: side.options, tokenizer, mask: side.mask };
}

/** Loads the code of both sides' formats (the Jinja engine, ChatML, …): a worker calls it too. */
export async function prepareCompare(argv: readonly string[]): Promise<void> {
  const { a, b } = setup(argv);
  await Promise.all([a.format.prepare?.(), b.format.prepare?.()]);
}

export async function compareCommand(argv: readonly string[]): Promise<number> {
  const run = setup(argv);
  await Promise.all([run.a.format.prepare?.(), run.b.format.prepare?.()]);
  const jsonl = isJsonl(run.args, run.file, 'compare');
  const sources = tokenizerSources(run);
  // A shared model id is downloaded once; the sides' own are files or shipped (tokenizerSources).
  const opened = sources === undefined ? undefined : await Promise.all(sources.map((source) => openTokenizer(source, 'compare')));
  try {
    const a = rendering(run.a, opened?.[0]?.tokenizer);
    const b = rendering(run.b, opened?.[1]?.tokenizer);
    if (jsonl) {
      const downloaded = opened?.find((o) => o.downloadedTo !== undefined)?.downloadedTo;
      const workerArgv = downloaded === undefined ? argv : withTokenizer(argv, downloaded);
      return await runJsonl({ command: 'compare', argv: workerArgv, file: run.file, job: compareLine(a, b, run.choice), jobs: jobsOf(run.args), noteLimit: noteLimitOf(run.args), summary: compareSummary });
    }
    const decoded = decodeJsonText(await readInputText(run.file, 'compare'), run.choice, inputName(run.file));
    if (!decoded.ok) throw new CliError(`compare: ${decoded.message}`);
    sayDialect(decoded, run.choice);
    const result = compareRecord(decoded.record, a, b);
    await writeOut(`${JSON.stringify(result)}\n`);
    const name = inputName(run.file);
    const tallies = new Map<string, number>();
    for (const note of kindNotes(result)) {
      writeErr(`${name}: ${note.text}`);
      tallies.set(note.tally as string, 1);
    }
    const summary = compareSummary({ records: 1, failed: result.same ? 0 : 1, fixes: new Map(), tallies }, name);
    if (summary !== undefined) writeErr(summary);
    return result.same ? EXIT_OK : EXIT_ERRORS;
  } finally {
    for (const o of opened ?? []) o.cleanup();
  }
}

/** The JSON Lines job of `parley compare` with these arguments (for the workers of --jobs; formats prepared by prepareCompare). */
export function compareLineJob(argv: readonly string[]): LineJob {
  const run = setup(argv);
  const sources = tokenizerSources(run);
  const load = (source: TokenizerSource): Tokenizer => {
    if (source.kind === 'model') throw new CliError('compare: a worker cannot download a tokenizer');
    return loadTokenizerFrom(source, 'compare');
  };
  return compareLine(rendering(run.a, sources && load(sources[0])), rendering(run.b, sources && load(sources[1])), run.choice);
}

function compareLine(a: Rendering, b: Rendering, choice: DialectChoice): LineJob {
  return lineJob((text) => {
    const decoded = decodeJsonText(text, choice);
    if (!decoded.ok) return compareFailure(decoded);
    const result = compareRecord(decoded.record, a, b);
    return { out: JSON.stringify(result), failed: !result.same, notes: [...dialectNotes(decoded, choice), ...kindNotes(result)] };
  }, compareFailure);
}

/** A line that cannot be read: neither side renders it. */
function compareFailure(failure: RecordFailure): LineResult {
  const diagnostic = failureDiagnostic(failure);
  return { out: JSON.stringify({ same: false, error: 'input', diagnostics: [diagnostic] }), failed: true, notes: [{ text: `cannot be read: ${diagnostic.message}`, tally: 'input' }] };
}

const KIND_TEXT = { text: 'the text differs', ids: 'the token ids differ', labels: 'the labels differ' } as const;

/** One note per kind of difference of the record (the runner writes the first --notes N of each and counts them all). */
function kindNotes(result: RecordComparison): Note[] {
  if (result.same) return [];
  if ('error' in result) {
    const first = result.diagnostics[0];
    return [{ text: `side ${result.error} cannot render it${first === undefined ? '' : `: ${first.code}: ${first.message}`}`, tally: `error ${result.error}` }];
  }
  return kindsOf(result).map((kind) => ({ text: KIND_TEXT[kind], tally: kind }));
}

/** `compare: 12 records in data.jsonl: 9 the same, 3 differ (text 2, ids 3, labels 3), 1 side b cannot render`. */
export function compareSummary(counts: Counts, name: string): string {
  const { records, failed, tallies } = counts;
  const count = (kind: string): number => tallies.get(kind) ?? 0;
  const errors = count('error a') + count('error b') + count('input');
  const differ = failed - errors;
  const parts = [`${countText(records - failed)} the same`];
  if (differ > 0) {
    const kinds = (['text', 'ids', 'labels'] as const).filter((kind) => count(kind) > 0).map((kind) => `${kind} ${countText(count(kind))}`);
    parts.push(`${countText(differ)} differ (${kinds.join(', ')})`);
  }
  for (const side of ['a', 'b'] as const) if (count(`error ${side}`) > 0) parts.push(`${countText(count(`error ${side}`))} side ${side} cannot render`);
  if (count('input') > 0) parts.push(`${countText(count('input'))} cannot be read`);
  return `compare: ${countText(records)} ${records === 1 ? 'record' : 'records'} in ${name}: ${parts.join(', ')}`;
}

