/**
 * `parley stats`: the shape of a dataset: how many records, how long (messages, characters of
 * the render, tokens with a tokenizer) as percentiles and text histograms, the problems by code
 * (core's checkRecord, the app's checks) and the exact duplicates. One pass over the input, in
 * this thread: it keeps a few numbers per record, never the records.
 */
import { readFile } from 'node:fs/promises';
import {
  branchRecord,
  checkedBranches,
  checkRecord,
  contentKey,
  isPreferenceRecord,
  renderedBranches,
  wholeRecord,
  type MeasuredRecord,
  type ParleyRecord,
  DuplicateFinder,
  histogram,
  LENGTH_MEASURES,
  measureRecord,
  MEASURE_LABELS,
  needsTokens,
  parseLintRules,
  percentilesOf,
  valuesOf,
  type CheckProfile,
  type Format,
  type HistogramBin,
  type LengthMeasure,
  type LintRules,
  type OptionValues,
  type Percentiles,
  type RecordLengths,
} from '../../core/index.ts';
import { TOKEN_CODES, type Tokenizer } from '../../core/tokens/index.ts';
import { stringFlag } from '../args.ts';
import { countText } from '../count-text.ts';
import type { DialectChoice } from '../dialect.ts';
import { CliError, EXIT_OK } from '../errors.ts';
import { parseFormatInput } from '../format-input.ts';
import { parseJsonInput, readJsonValue } from '../input.ts';
import { inputName, readFailure, readInputText, writeOut } from '../io.ts';
import { isBlank, isJsonl, JSONL_FLAG } from '../jsonl.ts';
import { isParquetFile } from '../parquet-input.ts';
import { arrayRecordsOf } from '../json-array-input.ts';
import { eachChunkLine, overlongLine, readLineChunks } from '../line-chunks.ts';
import type { ChunkLine } from '../line-job.ts';
import { chooseTokenizer } from '../template-tokenizer.ts';
import { openTokenizer, tokenizerSource } from '../tokenizer-source.ts';

export const STATS_HELP = `Usage: parley stats --format ID [options] [FILE|-]

Describes a dataset (JSON Lines, or one JSON record): how many records, their messages,
the characters of each record's render in the format and, with a tokenizer, its tokens, as
percentiles (p50, p90, p99, max) with a text histogram; the problems by code (the checks of
parley validate and of the app); and the exact duplicate records.

Options:
  --format ID            the token format (see parley formats)
  --tokenizer FILE|MODEL_ID|NAME
                         count tokens with this tokenizer (as for parley tokenize: a
                         tokenizer.json, a Hugging Face model id, or qwen3, llama3.1, gpt-oss).
                         Without it no tokens are counted, unless --tokens is given or the
                         rules need them: then the format's own tokenizer, as parley tokenize
                         takes it (jinja: the template's, see below)
  --tokens               count tokens with the format's own tokenizer; for --format jinja the
                         template's: the tokenizer.json beside a --template
                         tokenizer_config.json, else the shipped one known to be the
                         template's, else Qwen3 standing in (said "approximate")
  --rules FILE           a lint rules file (docs/rules.md): its problems are counted too
  --json                 write one JSON object instead of the text report:
                         {"records", "bad_lines", "chars", "tokens" and "tokenizer"
                          ({"name", "approximate"}: with a tokenizer),
                          "messages", "turns", "codes", "duplicates"}
  --input-dialect ID     the JSON dialect of the input (as for parley render)
  --jsonl                the input is JSON Lines (also for a *.jsonl file)
  <format options>       the format's own flags (see parley formats)

"records" counts the lines read as records; a line that is not one (bad JSON, an unknown
dialect) is a bad line, counted under its code and left out of the lengths. Characters are
Unicode code points of the render.
Exit codes: 0 described (whatever problems the records have); 2 bad input.`;

const SPECS = [
  { flag: '--tokenizer', takesValue: true, valueName: 'FILE|MODEL_ID' },
  { flag: '--tokens', takesValue: false },
  { flag: '--rules', takesValue: true, valueName: 'FILE' },
  { flag: '--json', takesValue: false },
  { flag: '--input-dialect', takesValue: true, valueName: 'ID' },
  JSONL_FLAG,
];

/** What the pass keeps: the lengths of each record (a few numbers), the codes and the duplicate keys. */
interface Tally {
  lengths: RecordLengths[];
  badLines: number;
  codes: Map<string, number>;
  duplicates: DuplicateFinder;
}

interface Measuring {
  format: Format<OptionValues>;
  options: Partial<OptionValues>;
  choice: DialectChoice;
  profile: CheckProfile;
  tokenizer: Tokenizer | undefined;
}

async function readRules(path: string): Promise<LintRules> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`stats: cannot read the rules file ${path}: ${readFailure(error)}`);
  }
  const parsed = parseLintRules(text);
  if (!parsed.ok) throw new CliError(`stats: ${path} is not a rules file: ${parsed.message}`);
  return parsed.rules;
}

function count(codes: Map<string, number>, code: string): void {
  codes.set(code, (codes.get(code) ?? 0) + 1);
}

/** One line of input (its text, or why it could not be read) into the tally; a bad line's failure is returned too. */
function tallyLine(line: ChunkLine, measuring: Measuring, tally: Tally, name?: string): { message: string } | undefined {
  if (typeof line !== 'string') {
    tally.badLines++;
    count(tally.codes, line.code);
    return line;
  }
  const parsed = parseJsonInput(line, name);
  const decoded = parsed.ok ? readJsonValue(parsed.value, measuring.choice, name) : parsed;
  if (!decoded.ok) {
    tally.badLines++;
    count(tally.codes, decoded.code);
    return decoded;
  }
  tally.duplicates.add(tally.lengths.length, contentKey(line));
  const { format, options, tokenizer, profile } = measuring;
  const measured = measureTraining(decoded.record, format, options, tokenizer);
  tally.lengths.push(measured.lengths);
  // A record with branches is checked branch by branch by checkRecord (the one render measured is not all of it).
  const rendered = checkedBranches(decoded.record).length > 0 ? {} : { formatDiagnostics: measured.rendered.diagnostics, ...(measured.tokens && { tokens: measured.tokens }) };
  const check = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile, { once: true, ...rendered });
  for (const code of check.codes) count(tally.codes, code);
  if (measured.tokenError !== undefined) count(tally.codes, TOKEN_CODES.noId);
  return undefined;
}

/**
 * The lengths of a record as a trainer reads it: the prompt then its completion (`wholeRecord`);
 * a preference record once, with the lengths of its longer branch (by tokens when counted, else
 * by characters): the sequence that must fit.
 */
function measureTraining(record: ParleyRecord, format: Format<OptionValues>, options: Partial<OptionValues>, tokenizer: Tokenizer | undefined): MeasuredRecord {
  const withTokens = tokenizer ? { tokenizer } : undefined;
  if (!isPreferenceRecord(record)) return measureRecord(wholeRecord(record), format, options, withTokens);
  const size = (m: MeasuredRecord) => m.lengths.tokens ?? m.lengths.chars;
  return renderedBranches(record)
    .map((name) => measureRecord(branchRecord(record, name), format, options, withTokens))
    .reduce((longest, next) => (size(next) > size(longest) ? next : longest));
}

async function tallyInput(file: string | undefined, jsonl: boolean, measuring: Measuring): Promise<Tally> {
  const tally: Tally = { lengths: [], badLines: 0, codes: new Map(), duplicates: new DuplicateFinder() };
  if (!jsonl) {
    const text = await readInputText(file, 'stats');
    // A JSON array of records: each element a record, as the lines of JSON Lines.
    const array = arrayRecordsOf(text);
    if (array) {
      for (const line of array.lines) tallyLine(line, measuring, tally);
      return tally;
    }
    // One document: not a record is bad input, as for parley validate.
    const failure = tallyLine(text, measuring, tally, inputName(file));
    if (failure !== undefined) throw new CliError(`stats: ${failure.message}`);
    return tally;
  }
  for await (const chunk of readLineChunks(file, 'stats')) {
    if (!Buffer.isBuffer(chunk)) {
      tallyLine(overlongLine(chunk), measuring, tally);
      continue;
    }
    for (const line of eachChunkLine(chunk)) if (typeof line !== 'string' || !isBlank(line)) tallyLine(line, measuring, tally);
  }
  return tally;
}

export interface StatsReport {
  records: number;
  bad_lines: number;
  chars?: Percentiles;
  tokens?: Percentiles;
  messages?: Percentiles;
  turns?: Percentiles;
  /** The tokenizer that counted the tokens; `approximate` when it stands in for the format's (or template's) own. */
  tokenizer?: { name: string; approximate: boolean };
  codes: Record<string, number>;
  duplicates: number;
}

function reportOf(tally: Tally, counted: StatsReport['tokenizer']): StatsReport {
  const of = (measure: LengthMeasure) => percentilesOf(valuesOf(tally.lengths, measure));
  // Codes most frequent first, then by name (plain comparison: codes are ASCII words).
  const codes = [...tally.codes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    records: tally.lengths.length,
    bad_lines: tally.badLines,
    chars: of('chars'),
    ...(counted ? { tokens: of('tokens') } : {}),
    messages: of('messages'),
    turns: of('turns'),
    ...(counted ? { tokenizer: counted } : {}),
    codes: Object.fromEntries(codes),
    duplicates: tally.duplicates.repeats(),
  };
}

/** Width of the longest histogram bar, in characters: fits an 80-column terminal with its labels. */
const BAR_WIDTH = 40;

const number = (n: number): string => n.toLocaleString('en');

function histogramLines(bins: readonly HistogramBin[]): string[] {
  const most = Math.max(1, ...bins.map((bin) => bin.count));
  const labels = bins.map((bin) => (bin.to - bin.from === 1 ? number(bin.from) : `${number(bin.from)}–${number(bin.to - 1)}`));
  const width = Math.max(...labels.map((label) => label.length));
  return bins.map((bin, i) => {
    // A bar of at least one block for any record: a rare length stays visible.
    const blocks = bin.count === 0 ? 0 : Math.max(1, Math.round((bin.count / most) * BAR_WIDTH));
    return `  ${(labels[i] as string).padStart(width)} │${'█'.repeat(blocks)} ${bin.count === 0 ? '' : number(bin.count)}`.trimEnd();
  });
}

function textReport(report: StatsReport, tally: Tally, name: string, formatId: string, standInNote: string | undefined): string {
  const tokenizerName = report.tokenizer && (report.tokenizer.approximate ? `${report.tokenizer.name}, approximate` : report.tokenizer.name);
  const out: string[] = [];
  const bad = report.bad_lines === 0 ? '' : `, ${countText(report.bad_lines)} bad ${report.bad_lines === 1 ? 'line' : 'lines'}`;
  const duplicates = report.duplicates === 0 ? '' : `, ${countText(report.duplicates)} exact ${report.duplicates === 1 ? 'duplicate' : 'duplicates'}`;
  out.push(`${name}: ${countText(report.records)} ${report.records === 1 ? 'record' : 'records'}${bad}${duplicates}`);
  const shown = LENGTH_MEASURES.filter((measure) => report[measure] !== undefined);
  if (shown.length > 0) {
    const label = (measure: LengthMeasure) => (measure === 'tokens' && tokenizerName !== undefined ? `tokens (${tokenizerName})` : MEASURE_LABELS[measure].toLowerCase());
    const first = Math.max(...shown.map((measure) => label(measure).length));
    const cells = shown.map((measure) => {
      const p = report[measure] as Percentiles;
      return [p.p50, p.p90, p.p99, p.max].map(number);
    });
    const widths = [0, 1, 2, 3].map((c) => Math.max(3, ...cells.map((row) => (row[c] as string).length)));
    out.push('', `${''.padEnd(first)}  ${['p50', 'p90', 'p99', 'max'].map((h, c) => h.padStart(widths[c] as number)).join('  ')}`);
    shown.forEach((measure, r) => out.push(`${label(measure).padEnd(first)}  ${(cells[r] as string[]).map((cell, c) => cell.padStart(widths[c] as number)).join('  ')}`));
    for (const measure of ['chars', 'tokens', 'messages'] as const) {
      if (report[measure] === undefined) continue;
      out.push('', `${MEASURE_LABELS[measure]} per record:`, ...histogramLines(histogram(valuesOf(tally.lengths, measure))));
    }
  }
  if (tokenizerName === undefined) out.push('', `No tokens counted: give --tokenizer (${formatTokenizerHint(formatId)}).`);
  else if (report.tokenizer?.approximate === true && standInNote !== undefined) out.push('', `Tokens are approximate: ${standInNote}`);
  const codes = Object.entries(report.codes);
  out.push('', codes.length === 0 ? 'No problems found.' : 'Problems by code (records):', ...codes.map(([code, n]) => `  ${code} ${number(n)}`));
  return `${out.join('\n')}\n`;
}

function formatTokenizerHint(formatId: string): string {
  if (formatId === 'jinja') return "or --tokens: the template's own, when it has one";
  try {
    const source = tokenizerSource(undefined, formatId, 'stats');
    return source.kind === 'shipped' ? `the format's own is ${source.entry.id}` : 'a tokenizer.json, a model id or qwen3, llama3.1, gpt-oss';
  } catch {
    return 'a tokenizer.json, a model id or qwen3, llama3.1, gpt-oss';
  }
}

export async function statsCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options, choice, file } = parseFormatInput(argv, 'stats', SPECS);
  if (isParquetFile(file)) throw new CliError(`stats: Parquet input is not read by stats yet; convert it first: parley convert --to openai-chat ${file} | parley stats --jsonl -`);
  const jsonl = isJsonl(args, file, 'stats');
  const rulesPath = stringFlag(args, '--rules');
  const rules = rulesPath === undefined ? undefined : await readRules(rulesPath);
  const tokenizerFlag = stringFlag(args, '--tokenizer');
  const wantsTokens = tokenizerFlag !== undefined || args.flags.has('--tokens') || (rules !== undefined && needsTokens(rules));
  // The format's own when none is given; the template's for jinja (one choice with parley tokenize).
  const chosen = wantsTokens ? chooseTokenizer(tokenizerFlag, args, format, options, 'stats') : undefined;
  const opened = chosen ? await openTokenizer(chosen.source, 'stats') : undefined;
  try {
    const profile: CheckProfile = { formatId: format.id, formatOptions: options, ...(choice.override ? { readAs: choice.override.id } : {}), ...(rules ? { rules } : {}) };
    const tally = await tallyInput(file, jsonl, { format, options, choice, profile, tokenizer: opened?.tokenizer });
    const report = reportOf(tally, opened && chosen && { name: opened.tokenizer.name, approximate: chosen.standIn });
    await writeOut(args.flags.has('--json') ? `${JSON.stringify(report)}\n` : textReport(report, tally, inputName(file), format.id, chosen?.note));
    return EXIT_OK;
  } finally {
    opened?.cleanup();
  }
}
