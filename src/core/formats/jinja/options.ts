/** Render options of the Jinja template format (see docs/jinja.md). */
import type { FormatOption } from '../../shared/options.ts';
import { ARGUMENTS_OPTION, isArgumentsMode, type ArgumentsMode } from '../shared/arguments-mode.ts';
import { resolveBudgetSteps } from './budget.ts';

/**
 * The generic ChatML template (the one transformers used as its default): what the format shows
 * before a person pastes a template of their own.
 */
export const DEFAULT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export type JinjaOptions = {
  /** The template source (a `chat_template`). Part of the session and of share links. */
  template: string;
  add_generation_prompt: boolean;
  /** The day `strftime_now` sees (YYYY-MM-DD); null: today. */
  date: string | null;
  /** Extra variables as a JSON object (`{"bos_token": "<s>", "enable_thinking": false}`). */
  variables: string;
  /** How tool-call arguments reach the template: parsed objects (default) or as the source gave them. Optional: callers built before the option keep compiling. */
  arguments?: ArgumentsMode;
  /**
   * Steps a render may take (budget.ts). Not in JINJA_OPTIONS: no toolbar control and not in
   * share links; the command's `--template-budget` and the app's worker give it.
   */
  budgetSteps?: number;
};

export const JINJA_DEFAULTS: JinjaOptions = { template: DEFAULT_TEMPLATE, add_generation_prompt: false, date: null, variables: '{}', arguments: 'object' };

export const JINJA_OPTIONS: readonly FormatOption[] = [
  {
    key: 'template',
    label: 'Template',
    description: 'The Jinja chat template. On the command line: a .jinja file or a tokenizer_config.json (its chat_template and special tokens are read).',
    type: 'string',
    default: DEFAULT_TEMPLATE,
    cliFlag: '--template',
  },
  {
    key: 'add_generation_prompt',
    label: 'Generation prompt',
    description: 'Pass add_generation_prompt=true: the template ends with the opening of an assistant turn. A key of the same name in the input wins.',
    type: 'boolean',
    default: false,
    cliFlag: '--add-generation-prompt',
  },
  {
    key: 'date',
    label: 'Date',
    description: 'The day strftime_now() returns (templates print it in a system prompt).',
    type: 'date',
    default: null,
    cliFlag: '--date',
  },
  {
    key: 'variables',
    label: 'Variables',
    description: 'More template variables, as a JSON object (bos_token, enable_thinking, …). Keys of the input other than messages win over these.',
    type: 'string',
    default: '{}',
    cliFlag: '--variables',
  },
  ARGUMENTS_OPTION,
];

export function resolveOptions(options: Partial<JinjaOptions> | undefined): Required<JinjaOptions> {
  return {
    template: typeof options?.template === 'string' ? options.template : JINJA_DEFAULTS.template,
    add_generation_prompt: typeof options?.add_generation_prompt === 'boolean' ? options.add_generation_prompt : JINJA_DEFAULTS.add_generation_prompt,
    date: typeof options?.date === 'string' ? options.date : null,
    variables: typeof options?.variables === 'string' ? options.variables : JINJA_DEFAULTS.variables,
    arguments: isArgumentsMode(options?.arguments) ? options.arguments : 'object',
    budgetSteps: resolveBudgetSteps(options?.budgetSteps),
  };
}
