/** Render options of ChatML-Qwen2.5 (see docs/formats.md, 'ChatML (Qwen2.5)'). */
import type { FormatOption } from '../../shared/options.ts';
import { ARGUMENTS_OPTION, isArgumentsMode, type ArgumentsMode } from '../shared/arguments-mode.ts';

export type ChatMlOptions = {
  /** `add_generation_prompt`: end with `<|im_start|>assistant\n`. */
  addGenerationPrompt: boolean;
  arguments: ArgumentsMode;
};

export const CHATML_DEFAULTS: ChatMlOptions = { addGenerationPrompt: false, arguments: 'object' };

export const CHATML_OPTIONS: readonly FormatOption[] = [
  {
    key: 'addGenerationPrompt',
    label: 'Generation prompt',
    description: 'add_generation_prompt: end with <|im_start|>assistant and a line break, as when asking the model for the next turn.',
    type: 'boolean',
    default: false,
    cliFlag: '--add-generation-prompt',
  },
  ARGUMENTS_OPTION,
];

export function resolveOptions(options: Partial<ChatMlOptions> | undefined): ChatMlOptions {
  return {
    addGenerationPrompt: typeof options?.addGenerationPrompt === 'boolean' ? options.addGenerationPrompt : false,
    arguments: isArgumentsMode(options?.arguments) ? options.arguments : 'object',
  };
}
