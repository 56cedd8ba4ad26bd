/**
 * The check of a record in `parley validate` and `parley render`: core's `checkRecord` with a
 * `CheckProfile` built from the flags (`--format` and its options, `--input-dialect`, `--rules`),
 * so that a record gives the same diagnostics in the command as in the app. `--rules FILE` reads
 * the team's lint rules (core's `parseLintRules`); the token rules (maxTokens, minTrainedShare)
 * count tokens of the render with `--tokenizer`, or the format's own tokenizer.
 */
import { readFileSync } from 'node:fs';
import { branchDiagnostics, branchRecord, checkedBranches, diagnosticKey, type Conversation, checkRecord, needsTokens, parseLintRules, SEVERITY_RANK, withoutSource, type CheckProfile, type Diagnostic, type Format, type LintRules, type OptionValues, type ParleyRecord, type Rendered } from '../core/index.ts';
import { measureTokens, TOKEN_CODES, TokenizerEncodeError, type Tokenizer, type TokenMeasure } from '../core/tokens/index.ts';
import { stringFlag, type FlagSpec, type ParsedArgs } from './args.ts';
import { CliError } from './errors.ts';
import type { FormatInput } from './format-input.ts';
import { cannotRead } from './io.ts';
import { loadTokenizerFrom, tokenizerSource, type TokenizerSource } from './tokenizer-source.ts';

export const CHECK_FLAGS: readonly FlagSpec[] = [
  { flag: '--rules', takesValue: true, valueName: 'FILE' },
  { flag: '--tokenizer', takesValue: true, valueName: 'FILE|MODEL_ID|NAME' },
];

export const CHECK_HELP = `  --rules FILE           the team's lint rules (docs/rules.md): their diagnostics (codes
                         rules/<name>) join the record's own
  --tokenizer FILE|MODEL_ID|NAME
                         the tokenizer of the token rules (maxTokens, minTrainedShare), as for
                         parley tokenize; default: the format's own (apertus and rwkv ship none)`;

export interface CheckSetup {
  profile: CheckProfile;
  /** Where the tokenizer of the token rules comes from; undefined without token rules. */
  tokenizer: TokenizerSource | undefined;
}

/** The profile and tokenizer source of the flags; a bad rules file or a missing tokenizer is bad input (exit 2). */
export function checkSetup({ args, format, options, choice }: Pick<FormatInput, 'args' | 'format' | 'options' | 'choice'>, command: string): CheckSetup {
  const rules = rulesOf(args, command);
  const profile: CheckProfile = { formatId: format.id, formatOptions: options, ...(choice.override ? { readAs: choice.override.id } : {}), ...(rules ? { rules } : {}) };
  const named = stringFlag(args, '--tokenizer');
  if (named !== undefined && rules === undefined) throw new CliError(`${command}: --tokenizer counts tokens for the token rules of --rules (maxTokens, minTrainedShare); give --rules FILE too`);
  if (rules === undefined || !needsTokens(rules)) return { profile, tokenizer: undefined };
  // Without --tokenizer, the message of a format that ships none says why one is needed.
  const tokenizer = tokenizerSource(named, format.id, named === undefined ? `${command}: the rules maxTokens or minTrainedShare count tokens` : command);
  return { profile, tokenizer };
}

function rulesOf(args: ParsedArgs, command: string): LintRules | undefined {
  const file = stringFlag(args, '--rules');
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw cannotRead(command, file, error);
  }
  const parsed = parseLintRules(text);
  if (!parsed.ok) throw new CliError(`${command}: ${file}: ${parsed.message}`);
  return parsed.rules;
}

/** The tokenizer of a worker (`--jobs`): a model id was downloaded by the main thread, whose folder the worker's arguments name. */
export function workerTokenizer(source: TokenizerSource | undefined, command: string): Tokenizer | undefined {
  if (source === undefined) return undefined;
  if (source.kind === 'model') throw new CliError(`${command}: a worker cannot download a tokenizer`);
  return loadTokenizerFrom(source, command);
}

export interface CheckedRecord {
  /** Each problem once, errors first, in document order; without `source` (and, in result lines, without fixes). */
  diagnostics: Diagnostic[];
  errors: number;
}

/**
 * Checks one record. `formatDiagnostics`: those of the render the caller made already (render);
 * a token rule needs the render's spans, so it renders in full when there is a tokenizer.
 */
export function checkOne(
  format: Format<OptionValues>,
  profile: CheckProfile,
  tokenizer: Tokenizer | undefined,
  record: ParleyRecord,
  readerDiagnostics: readonly Diagnostic[],
  formatDiagnostics?: readonly Diagnostic[],
): CheckedRecord {
  // With a tokenizer each branch of a training record is measured as the conversation it
  // renders as; without one, checkRecord itself checks branch by branch.
  if (tokenizer !== undefined && record.kind === 'chat' && checkedBranches(record).length > 0) return checkBranchesOne(format, profile, tokenizer, record, readerDiagnostics);
  let tokens: TokenMeasure | undefined;
  let tokenProblem: Diagnostic | undefined;
  let rendered: readonly Diagnostic[] | undefined = formatDiagnostics;
  if (tokenizer !== undefined) {
    const full: Rendered = format.render(record, profile.formatOptions);
    rendered = full.diagnostics;
    try {
      // The default mask (every assistant turn, thoughts and tool calls trained), as parley tokenize's default.
      tokens = measureTokens(tokenizer, record, full);
    } catch (error) {
      // A token the tokenizer has no id for: said on the record, the token rules left out.
      if (!(error instanceof TokenizerEncodeError)) throw error;
      tokenProblem = { severity: 'error', code: TOKEN_CODES.noId, message: error.message };
    }
  }
  const check = checkRecord({ record, readerDiagnostics }, profile, { once: true, ...(rendered ? { formatDiagnostics: rendered } : {}), ...(tokens ? { tokens } : {}) });
  const diagnostics = withoutSource(check.diagnostics);
  if (tokenProblem === undefined) return { diagnostics, errors: check.errors };
  // An error: after the other errors, before the warnings (the list's order).
  const at = diagnostics.findIndex((d) => SEVERITY_RANK[d.severity] > SEVERITY_RANK.error);
  diagnostics.splice(at === -1 ? diagnostics.length : at, 0, tokenProblem);
  return { diagnostics, errors: check.errors + 1 };
}

/** Each branch checked (and measured) as the prompt then that branch, at the record's paths; each problem once, the reader's first. */
function checkBranchesOne(format: Format<OptionValues>, profile: CheckProfile, tokenizer: Tokenizer, record: Conversation, readerDiagnostics: readonly Diagnostic[]): CheckedRecord {
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const add = (diagnostic: Diagnostic) => {
    const key = diagnosticKey(diagnostic);
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push(diagnostic);
  };
  readerDiagnostics.forEach(add);
  for (const name of checkedBranches(record)) branchDiagnostics(record, name, checkOne(format, profile, tokenizer, branchRecord(record, name), []).diagnostics).forEach(add);
  return { diagnostics, errors: diagnostics.filter((d) => d.severity === 'error').length };
}
