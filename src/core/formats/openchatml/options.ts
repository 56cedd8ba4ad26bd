/**
 * Render options of OpenChatML v0.1 and their defaults (see docs/formats.md, 'OpenChatML options'). The
 * spec contradicts itself in places; each contradiction is an option here, defaulting to what
 * docs/formats.md settles.
 */
import type { FormatOption } from '../../shared/options.ts';

export const FIM_ORDERS = ['spec', 'psm', 'spm'] as const;
/**
 * Where the three parts of a fill-in-the-middle segment go.
 * - `spec`: `<|fim_prefix|>p<|fim_middle|>m<|fim_suffix|>s` (as spec §6 and §9 write it)
 * - `psm`: `<|fim_prefix|>p<|fim_suffix|>s<|fim_middle|>m` (prefix-suffix-middle, the FIM paper)
 * - `spm`: `<|fim_suffix|>s<|fim_prefix|>p<|fim_middle|>m` (suffix-prefix-middle, the FIM paper)
 */
export type FimOrder = (typeof FIM_ORDERS)[number];

export const JSON_STYLES = ['python', 'spec'] as const;
/**
 * How pretty-printed JSON (tool definitions, function outputs) is laid out.
 * - `python`: `json.dumps(value, indent=2)`, every array item on its own line
 * - `spec`: the same, but a non-empty array of strings, numbers, booleans and nulls stays on one
 *   line (`"required": ["symbol"]`), as every JSON example of spec 003 writes it
 */
export type JsonStyle = (typeof JSON_STYLES)[number];

export type OpenChatMlOptions = {
  /** Written before the first message (the base model's BOS token; the spec writes `[BOS]`). */
  bosText: string;
  /** Written right after the last `<|im_end|>` (the base model's EOS token; the spec writes `[EOS]`). */
  eosText: string;
  /** A line break between the content and `<|im_end|>` (§3, §8, §9); §4's example has none. */
  newlineBeforeImEnd: boolean;
  fimOrder: FimOrder;
  /** A document starts with `<|file_separator|>\n` (the spec's third multi-file example). */
  leadingSeparator: boolean;
  jsonStyle: JsonStyle;
  /** JSON escapes every non-ASCII character as `\uXXXX` (Python's `ensure_ascii=True`). */
  ensureAscii: boolean;
};

export const OPENCHATML_DEFAULTS: OpenChatMlOptions = {
  bosText: '[BOS]',
  eosText: '[EOS]',
  newlineBeforeImEnd: true,
  fimOrder: 'spec',
  leadingSeparator: false,
  jsonStyle: 'python',
  // The spec shows JSON text as written (no \u escapes); Parley's other formats write
  // non-ASCII text as is too. Data made with Python's json.dumps defaults needs the option.
  ensureAscii: false,
};

export const OPENCHATML_OPTIONS: readonly FormatOption[] = [
  { key: 'bosText', label: 'BOS text', description: 'Written before the first message: the base model\'s BOS token (the spec writes the placeholder [BOS]).', type: 'string', default: OPENCHATML_DEFAULTS.bosText, cliFlag: '--bos-text' },
  { key: 'eosText', label: 'EOS text', description: 'Written right after the last <|im_end|>: the base model\'s EOS token (the spec writes the placeholder [EOS]).', type: 'string', default: OPENCHATML_DEFAULTS.eosText, cliFlag: '--eos-text' },
  {
    key: 'newlineBeforeImEnd',
    label: 'Newline before <|im_end|>',
    description: 'Put a line break between the content and <|im_end|>, as §3, §8 and §9 of the spec do (§4 does not).',
    type: 'boolean',
    default: OPENCHATML_DEFAULTS.newlineBeforeImEnd,
    cliFlag: '--no-newline-before-im-end',
  },
  {
    key: 'fimOrder',
    label: 'FIM order',
    description: 'Order of fill-in-the-middle parts: spec = prefix, middle, suffix (as the spec writes it); psm = prefix, suffix, middle; spm = suffix, prefix, middle.',
    type: 'enum',
    default: OPENCHATML_DEFAULTS.fimOrder,
    choices: FIM_ORDERS,
    cliFlag: '--fim-order',
  },
  {
    key: 'leadingSeparator',
    label: 'Leading file separator',
    description: 'Start a multi-file document with <|file_separator|> (the spec\'s third multi-file example does).',
    type: 'boolean',
    default: OPENCHATML_DEFAULTS.leadingSeparator,
    cliFlag: '--leading-separator',
  },
  {
    key: 'jsonStyle',
    label: 'JSON layout',
    description: 'Pretty-printed JSON (tool definitions, function outputs): python = json.dumps(indent=2); spec = the same with short arrays of plain values on one line, as the spec\'s examples.',
    type: 'enum',
    default: OPENCHATML_DEFAULTS.jsonStyle,
    choices: JSON_STYLES,
    cliFlag: '--json-style',
  },
  {
    key: 'ensureAscii',
    label: 'ASCII-only JSON',
    description: 'Escape non-ASCII characters in JSON as \\uXXXX, as Python\'s json.dumps does by default (ensure_ascii=True).',
    type: 'boolean',
    default: OPENCHATML_DEFAULTS.ensureAscii,
    cliFlag: '--ensure-ascii',
  },
];

function oneOf<T extends string>(value: unknown, choices: readonly T[], fallback: T): T {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The options with defaults filled in. Values of the wrong type (options arrive from the UI,
 * the CLI and share links) fall back to the default.
 */
export function resolveOptions(options: Partial<OpenChatMlOptions> | undefined): OpenChatMlOptions {
  if (options === undefined) return OPENCHATML_DEFAULTS;
  const d = OPENCHATML_DEFAULTS;
  return {
    bosText: typeof options.bosText === 'string' ? options.bosText : d.bosText,
    eosText: typeof options.eosText === 'string' ? options.eosText : d.eosText,
    newlineBeforeImEnd: typeof options.newlineBeforeImEnd === 'boolean' ? options.newlineBeforeImEnd : d.newlineBeforeImEnd,
    fimOrder: oneOf(options.fimOrder, FIM_ORDERS, d.fimOrder),
    leadingSeparator: typeof options.leadingSeparator === 'boolean' ? options.leadingSeparator : d.leadingSeparator,
    jsonStyle: oneOf(options.jsonStyle, JSON_STYLES, d.jsonStyle),
    ensureAscii: typeof options.ensureAscii === 'boolean' ? options.ensureAscii : d.ensureAscii,
  };
}
