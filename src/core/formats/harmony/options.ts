/** Render options of the harmony format (see docs/formats.md, 'Harmony (gpt-oss)'). */
import type { FormatOption } from '../../shared/options.ts';

export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** The `# Valid channels:` lists openai/harmony's tests use. */
export const CHANNEL_SETS = ['analysis, commentary, final', 'analysis, final'] as const;

export type HarmonyOptions = {
  /** Write the system message (model identity, dates, reasoning effort, channels, built-in tools). */
  systemMessage: boolean;
  modelIdentity: string;
  /** `Knowledge cutoff:` (`YYYY-MM`); empty: the line is left out. */
  knowledgeCutoff: string;
  /**
   * `Current date:` (`YYYY-MM-DD`); empty: the line is left out (openai/harmony's default). A
   * string option, not a date one: a date option left empty means today in the app and the CLI.
   */
  date: string;
  reasoningEffort: ReasoningEffort;
  validChannels: (typeof CHANNEL_SETS)[number];
  browserTool: boolean;
  pythonTool: boolean;
  /** Keep analysis messages before the first final one (openai/harmony `auto_drop_analysis: false`). */
  keepAnalysis: boolean;
  /** A last assistant message on the final channel ends with `<|return|>` (render_conversation_for_training). */
  returnToken: boolean;
  /** Append `<|start|>assistant` (render_conversation_for_completion). */
  addGenerationPrompt: boolean;
};

export const DEFAULT_IDENTITY = 'You are ChatGPT, a large language model trained by OpenAI.';

/** As openai/harmony's `SystemContent::new()` and `RenderConversationConfig::default()`. */
export const HARMONY_DEFAULTS: HarmonyOptions = {
  systemMessage: true,
  modelIdentity: DEFAULT_IDENTITY,
  knowledgeCutoff: '2024-06',
  date: '',
  reasoningEffort: 'medium',
  validChannels: 'analysis, commentary, final',
  browserTool: false,
  pythonTool: false,
  keepAnalysis: false,
  returnToken: true,
  addGenerationPrompt: false,
};

export const HARMONY_OPTIONS: readonly FormatOption[] = [
  { key: 'systemMessage', label: 'System message', description: 'Write the harmony system message (identity, dates, reasoning effort, channels, built-in tools) before the conversation.', type: 'boolean', default: true, cliFlag: '--no-system-message' },
  { key: 'modelIdentity', label: 'Model identity', description: 'First line of the system message.', type: 'string', default: DEFAULT_IDENTITY, cliFlag: '--model-identity' },
  { key: 'knowledgeCutoff', label: 'Knowledge cutoff', description: 'Knowledge cutoff: line of the system message (YYYY-MM); empty leaves it out.', type: 'string', default: '2024-06', cliFlag: '--knowledge-cutoff' },
  { key: 'date', label: 'Current date', description: 'Current date: line of the system message (YYYY-MM-DD); empty leaves it out, as openai/harmony does by default.', type: 'string', default: '', cliFlag: '--date' },
  { key: 'reasoningEffort', label: 'Reasoning effort', description: 'Reasoning: line of the system message.', type: 'enum', default: 'medium', choices: REASONING_EFFORTS, cliFlag: '--reasoning-effort' },
  { key: 'validChannels', label: 'Valid channels', description: 'The channels the system message lists.', type: 'enum', default: 'analysis, commentary, final', choices: CHANNEL_SETS, cliFlag: '--valid-channels' },
  { key: 'browserTool', label: 'Browser tool', description: 'Declare the built-in browser tool (namespace browser) in the system message.', type: 'boolean', default: false, cliFlag: '--browser-tool' },
  { key: 'pythonTool', label: 'Python tool', description: 'Declare the built-in python tool in the system message.', type: 'boolean', default: false, cliFlag: '--python-tool' },
  { key: 'keepAnalysis', label: 'Keep earlier analysis', description: 'Keep the chain of thought (analysis) before the first final message; by default it is dropped when the conversation ends with a final message, as openai/harmony does.', type: 'boolean', default: false, cliFlag: '--keep-analysis' },
  { key: 'returnToken', label: 'End with <|return|>', description: 'A last assistant message on the final channel ends with <|return|> instead of <|end|> (a training target).', type: 'boolean', default: true, cliFlag: '--no-return-token' },
  { key: 'addGenerationPrompt', label: 'Add generation prompt', description: 'Append <|start|>assistant, where the model starts writing.', type: 'boolean', default: false, cliFlag: '--add-generation-prompt' },
];

function pick<T>(value: unknown, ok: (v: unknown) => v is T, fallback: T): T {
  return ok(value) ? value : fallback;
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isString = (v: unknown): v is string => typeof v === 'string';
const isEffort = (v: unknown): v is ReasoningEffort => (REASONING_EFFORTS as readonly unknown[]).includes(v);
const isChannels = (v: unknown): v is HarmonyOptions['validChannels'] => (CHANNEL_SETS as readonly unknown[]).includes(v);

/** The options with defaults filled in; values of the wrong type (UI, CLI, share links) take the default. */
export function resolveOptions(options: Partial<HarmonyOptions> | undefined): HarmonyOptions {
  if (options === undefined) return HARMONY_DEFAULTS;
  const d = HARMONY_DEFAULTS;
  return {
    systemMessage: pick(options.systemMessage, isBoolean, d.systemMessage),
    modelIdentity: pick(options.modelIdentity, isString, d.modelIdentity),
    knowledgeCutoff: pick(options.knowledgeCutoff, isString, d.knowledgeCutoff),
    date: pick(options.date, isString, d.date),
    reasoningEffort: pick(options.reasoningEffort, isEffort, d.reasoningEffort),
    validChannels: pick(options.validChannels, isChannels, d.validChannels),
    browserTool: pick(options.browserTool, isBoolean, d.browserTool),
    pythonTool: pick(options.pythonTool, isBoolean, d.pythonTool),
    keepAnalysis: pick(options.keepAnalysis, isBoolean, d.keepAnalysis),
    returnToken: pick(options.returnToken, isBoolean, d.returnToken),
    addGenerationPrompt: pick(options.addGenerationPrompt, isBoolean, d.addGenerationPrompt),
  };
}
