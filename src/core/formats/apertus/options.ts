/** Render options of the Apertus format and their defaults (see docs/formats.md, 'Apertus: options and their defaults'). */

export type ApertusOptions = {
  /** Written first (`bos_token`). */
  bosToken: string;
  /** `enable_thinking`: the developer section says `Deliberation: enabled` or `disabled`. */
  enableThinking: boolean;
  /** `add_generation_prompt`: append `<|assistant_start|>`. */
  addGenerationPrompt: boolean;
  /**
   * The `Current date:` of the default system prompt, `YYYY-MM-DD`; `null` means today in local
   * time (what the template's `strftime_now('%Y-%m-%d')` gives).
   */
  date: string | null;
  /**
   * Object arguments (Anthropic `tool_use.input`, Hugging Face style) as the template writes them
   * in `@huggingface/jinja`: "[object Map]" (Python's jinja2 raises). Off: their JSON text.
   */
  objectMapArguments: boolean;
};

export const APERTUS_DEFAULTS: ApertusOptions = {
  bosToken: '<s>',
  // As `ApertusFormatter(enable_thinking=True)` (spec 001).
  enableThinking: true,
  addGenerationPrompt: false,
  date: null,
  // Nobody wants "[object Map]" in training data; the template's own bytes are asked for.
  objectMapArguments: false,
};

/**
 * The options with defaults filled in. Values of the wrong type (options arrive from the UI,
 * the CLI and share links) fall back to the default; an empty date means today.
 */
export function resolveOptions(options: Partial<ApertusOptions> | undefined): ApertusOptions {
  if (options === undefined) return APERTUS_DEFAULTS;
  const { bosToken, enableThinking, addGenerationPrompt, date, objectMapArguments } = options;
  return {
    bosToken: typeof bosToken === 'string' ? bosToken : APERTUS_DEFAULTS.bosToken,
    enableThinking: typeof enableThinking === 'boolean' ? enableThinking : APERTUS_DEFAULTS.enableThinking,
    addGenerationPrompt: typeof addGenerationPrompt === 'boolean' ? addGenerationPrompt : APERTUS_DEFAULTS.addGenerationPrompt,
    date: typeof date === 'string' && date !== '' ? date : null,
    objectMapArguments: typeof objectMapArguments === 'boolean' ? objectMapArguments : APERTUS_DEFAULTS.objectMapArguments,
  };
}

/** Today in local time as `YYYY-MM-DD`, like `strftime_now('%Y-%m-%d')`. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
