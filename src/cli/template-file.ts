/**
 * `--template FILE` of the Jinja format: the file is a template (`.jinja`) or a
 * `tokenizer_config.json` (its `chat_template`, the one named by `--template-name` when it holds
 * several, and its special tokens, which fill the variables the input leaves out), and
 * `--template-budget STEPS`, the render's step budget (docs/jinja.md, "Limits"). Both are read
 * from the arguments, so they reach the workers of `--jobs`, which parse the same arguments.
 */
import { readFileSync } from 'node:fs';
import { chooseTemplate, readTemplateSource, type Format, type OptionValues } from '../core/index.ts';
import type { FlagSpec, ParsedArgs } from './args.ts';
import { CliError } from './errors.ts';

const JINJA = 'jinja';
const NAME_FLAG = '--template-name';
const BUDGET_FLAG = '--template-budget';

/** The flags the Jinja format takes besides its options. */
export function templateFlagSpecs(format: Format<OptionValues>): FlagSpec[] {
  return format.id === JINJA
    ? [
        { flag: NAME_FLAG, takesValue: true, valueName: 'NAME' },
        // A whole number, checked by the parser like --jobs and --notes.
        { flag: BUDGET_FLAG, takesValue: true, valueName: 'STEPS', count: { min: 1, max: Number.MAX_SAFE_INTEGER } },
      ]
    : [];
}

/** `--template-budget` (the `budgetSteps` render option), already checked as a whole number by parseArgs. */
function budgetSteps(args: ParsedArgs): number | undefined {
  const given = args.flags.get(BUDGET_FLAG);
  return typeof given === 'string' ? Number(given) : undefined;
}

function readText(path: string, command: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`${command}: cannot read the template ${JSON.stringify(path)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The options with `template` read from its file and the config's tokens under the `variables` given. */
export function withTemplateFile(format: Format<OptionValues>, options: Partial<OptionValues>, args: ParsedArgs, command: string): Partial<OptionValues> {
  if (format.id !== JINJA) return options;
  const steps = budgetSteps(args);
  return steps === undefined ? withTemplate(options, args, command) : { ...withTemplate(options, args, command), budgetSteps: steps };
}

function withTemplate(options: Partial<OptionValues>, args: ParsedArgs, command: string): Partial<OptionValues> {
  const path = options.template;
  if (typeof path !== 'string') throw new CliError(`${command}: the jinja format needs --template FILE (a .jinja file or a tokenizer_config.json)`);
  const given = variablesOf(options.variables, command);
  const source = readTemplateSource(readText(path, command));
  if (source.kind === 'invalid') throw new CliError(`${command}: ${path}: ${source.message}`);
  if (source.kind === 'template') return { ...options, template: source.template };
  const name = args.flags.get(NAME_FLAG);
  const chosen = chooseTemplate(source.templates, typeof name === 'string' ? name : undefined);
  if (!chosen) throw new CliError(`${command}: ${path} has no template named ${JSON.stringify(name)} (it has: ${source.templates.map((t) => t.name).join(', ')})`);
  return { ...options, template: chosen.template, variables: JSON.stringify({ ...source.tokens, ...given }) };
}

/**
 * `--variables JSON`, checked before any render: not a JSON object is bad input (exit 2), where
 * the renderer alone would only warn on every record and leave the variables out.
 */
function variablesOf(text: unknown, command: string): Record<string, unknown> {
  if (typeof text !== 'string') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new CliError(`${command}: --variables takes a JSON object ({"name": value, …}), got ${JSON.stringify(text)}`);
}
