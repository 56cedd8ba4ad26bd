/**
 * Which JSON dialect reads the input of render, validate and convert, and the INFO line that
 * says so when the user did not name it.
 *
 * - Named (`--input-dialect`, `--from`): that one.
 * - Otherwise, when the format has a native dialect (Apertus: apertus-json) and that dialect
 *   reads the input without errors, the native one: the render is then exactly what the
 *   format's reference (the official template) makes of this JSON. Plain Apertus JSON looks
 *   like OpenAI message by message, and guessing OpenAI used to break its flat tools.
 *   Exception: input that another dialect recognises by a shape of its own (Anthropic's
 *   top-level `system`, spec 002 `contents`, a Parley JSON version key, …) is read as that
 *   dialect, because the native decoder would keep those fields as unknown ones and the render
 *   would silently leave them out.
 * - Otherwise the detected dialect.
 */
import { detectCodec, findCodec, hasErrors, type DecodeResult, type Format, type InterchangeCodec, type OptionValues } from '../core/index.ts';

/**
 * Detectors give 0.95 and more only for shapes no other dialect writes (see each detect.ts);
 * plain chat and shapes shared with Apertus JSON (tool messages, `tool_calls`) score less.
 */
const OWN_SHAPE = 0.95;

export type ReadHow = 'given' | 'native' | 'detected';

export interface DialectChoice {
  given?: InterchangeCodec;
  native?: InterchangeCodec;
  /** The flag that names the dialect, for the INFO line (`--input-dialect`, `--from`). */
  flag: string;
}

export interface Reading {
  codec: InterchangeCodec;
  decoded: DecodeResult;
  how: ReadHow;
}

/** The native dialect of `format`, if it has one that is registered. */
export function nativeCodec(format: Format<OptionValues> | undefined): InterchangeCodec | undefined {
  return format?.nativeDialect === undefined ? undefined : findCodec(format.nativeDialect);
}

/** Decodes `json` with the chosen dialect; undefined when no dialect claims it. */
export function readJson(json: unknown, choice: DialectChoice): Reading | undefined {
  if (choice.given) return { codec: choice.given, decoded: choice.given.decode(json), how: 'given' };
  const detected = detectCodec(json);
  const { native } = choice;
  const ownShape = detected !== undefined && detected.id !== native?.id && detected.detect(json) >= OWN_SHAPE;
  if (native && !ownShape) {
    const decoded = native.decode(json);
    if (decoded.record && !hasErrors(decoded.diagnostics)) return { codec: native, decoded, how: 'native' };
    if (detected?.id === native.id) return { codec: native, decoded, how: 'detected' };
  }
  return detected ? { codec: detected, decoded: detected.decode(json), how: 'detected' } : undefined;
}

/** The INFO line for a dialect the user did not name, or undefined when they did. */
export function dialectInfo(reading: Pick<Reading, 'codec' | 'how'>, choice: DialectChoice, formatId?: string): string | undefined {
  const dialect = `${reading.codec.label} (${reading.codec.id})`;
  const override = `name another with ${choice.flag}`;
  switch (reading.how) {
    case 'given':
      return undefined;
    case 'native':
      return `INFO input read as ${dialect}, the native dialect of ${formatId ?? 'the format'}; ${override}`;
    case 'detected':
      return `INFO input dialect detected: ${dialect}; ${override}`;
  }
}
