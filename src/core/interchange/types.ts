/**
 * The contract of a JSON dialect (see docs/architecture.md, 'Contract: interchange codec'): the shape a record
 * arrives in (Apertus JSON, OpenAI Chat Completions, Anthropic Messages, …) and leaves in.
 */
import type { FormatOption, OptionValues } from '../shared/options.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';

export interface DecodeResult {
  /** Undefined when the input cannot be read at all (the diagnostics say why and where). */
  record: ParleyRecord | undefined;
  diagnostics: Diagnostic[];
}

export interface EncodeResult {
  json: unknown;
  /** What the dialect could not express ("lost in conversion: …"), never silently dropped. */
  diagnostics: Diagnostic[];
}

/**
 * How the caller reads an encode's diagnostics. `wants(code)` is asked once before each
 * diagnostic of a frequent kind would be made (a made-up call id, a loss); false leaves that
 * diagnostic out, so the caller counts what it declined from its own answers. It is asked only
 * for codes that are never errors (a made-up id is an info, a loss a warning): declining one
 * cannot hide a failure. A command converting a data set writes the first few diagnostics of
 * each code and only counts the rest; making every one (a few hundred a record of a training
 * set), with its message and path, was about a tenth of its time.
 */
export interface EncodeHow {
  wants?(code: string): boolean;
}

export interface InterchangeCodec {
  id: string;
  label: string;
  /** How sure the codec is that `json` is in its dialect: 0 (no) to 1 (certain); what the levels mean: shared/detect-levels.ts. */
  detect(json: unknown): number;
  /**
   * When `detect` chose this dialect for a value that others fit as well (a score below
   * MARKED): why, as words that follow "read as <label>" (", the most common writer of such
   * messages", " because the model is a Claude model (…)"). Absent: the note says only that it
   * ranks first.
   */
  hint?(json: unknown): string | undefined;
  decode(json: unknown): DecodeResult;
  /**
   * Options of `encode` (OpenAI Chat Completions: `legacyFunctionCall`), described like a
   * format's render options so that the app and the CLI can offer them the same way. Absent:
   * the codec has none.
   */
  encodeOptions?: readonly FormatOption[];
  /** `options` absent or partial: each missing option has its `encodeOptions` default. `how`: absent, every diagnostic in full. */
  encode(record: ParleyRecord, options?: Partial<OptionValues>, how?: EncodeHow): EncodeResult;
}
