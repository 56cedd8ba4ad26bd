/** Render options of Llama 3.1 (the template's variables; see docs/formats.md, 'Llama 3.1'). */
import type { FormatOption } from '../../shared/options.ts';
import { ARGUMENTS_OPTION, isArgumentsMode, type ArgumentsMode } from '../shared/arguments-mode.ts';
import { DEFAULT_DATE, TOKENS } from './tokens.ts';

export type Llama3Options = {
  /** `bos_token`. */
  bosToken: string;
  /** `date_string`: the "Today Date:" line. */
  dateString: string;
  /** `tools_in_user_message`: the tools go in the first user turn (else in the system turn). */
  toolsInUserMessage: boolean;
  /** `builtin_tools`, comma-separated; empty: not defined. */
  builtinTools: string;
  /** `add_generation_prompt`. */
  addGenerationPrompt: boolean;
  arguments: ArgumentsMode;
};

export const LLAMA3_DEFAULTS: Llama3Options = {
  bosToken: TOKENS.beginOfText,
  dateString: DEFAULT_DATE,
  toolsInUserMessage: true,
  builtinTools: '',
  addGenerationPrompt: false,
  arguments: 'object',
};

export const LLAMA3_OPTIONS: readonly FormatOption[] = [
  { key: 'bosToken', label: 'BOS token', description: 'Text written at the very start (bos_token).', type: 'string', default: LLAMA3_DEFAULTS.bosToken, cliFlag: '--bos' },
  {
    key: 'dateString',
    label: 'Today date',
    description: 'date_string: the "Today Date:" line of the system turn, as the template writes it (its default is 26 Jul 2024).',
    type: 'string',
    default: DEFAULT_DATE,
    cliFlag: '--date-string',
  },
  {
    key: 'toolsInUserMessage',
    label: 'Tools in first user turn',
    description: 'tools_in_user_message: the tool definitions go at the start of the first user turn (the default); off puts them in the system turn.',
    type: 'boolean',
    default: true,
    cliFlag: '--tools-in-system',
  },
  {
    key: 'builtinTools',
    label: 'Built-in tools',
    description: 'builtin_tools, comma-separated (brave_search, wolfram_alpha, code_interpreter): ipython mode, calls of these as <|python_tag|>name.call(…), turns ending in <|eom_id|>; empty: none.',
    type: 'string',
    default: '',
    cliFlag: '--builtin-tools',
  },
  {
    key: 'addGenerationPrompt',
    label: 'Generation prompt',
    description: 'add_generation_prompt: end with an assistant header, as when asking the model for the next turn.',
    type: 'boolean',
    default: false,
    cliFlag: '--add-generation-prompt',
  },
  ARGUMENTS_OPTION,
];

export function resolveOptions(options: Partial<Llama3Options> | undefined): Llama3Options {
  const o = options ?? {};
  return {
    bosToken: typeof o.bosToken === 'string' ? o.bosToken : LLAMA3_DEFAULTS.bosToken,
    dateString: typeof o.dateString === 'string' ? o.dateString : DEFAULT_DATE,
    toolsInUserMessage: typeof o.toolsInUserMessage === 'boolean' ? o.toolsInUserMessage : true,
    builtinTools: typeof o.builtinTools === 'string' ? o.builtinTools : '',
    addGenerationPrompt: typeof o.addGenerationPrompt === 'boolean' ? o.addGenerationPrompt : false,
    arguments: isArgumentsMode(o.arguments) ? o.arguments : 'object',
  };
}

/** The built-in tools as the template's list, or undefined when none is given (`builtin_tools` not defined). */
export function builtinList(text: string): string[] | undefined {
  // Nearly every render has none: no split into lists to find that out.
  if (text === '') return undefined;
  const names = text.split(',').map((name) => name.trim()).filter((name) => name !== '');
  return names.length > 0 ? names : undefined;
}
