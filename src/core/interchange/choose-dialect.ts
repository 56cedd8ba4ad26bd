/**
 * Which JSON dialect reads a value: one rule for the app (paste, file open, dataset open) and the
 * CLI (render, validate, convert, `--from` absent), so that the same JSON is the same record
 * everywhere (see docs/dialects.md#detection, docs/cli.md 'Which dialect reads the input').
 *
 * 1. Named (`override`: the app's "Read as" or the dialect remembered for that file, the CLI's
 *    `--input-dialect` / `--from`): that one.
 * 2. Otherwise the detected dialect, by evidence in the value alone (the most confident
 *    detector, registry.ts `detectDialect`). The format shown does not count (issue 24: the
 *    defaults follow the data): a plain OpenAI export, which Apertus JSON reads whole too, is
 *    OpenAI Chat, the most common writer of such values, in every format.
 */
import type { Block, Extensible, Message, ParleyRecord, Part, ToolCall, ToolOutput } from '../model/types.ts';
import { detectDialect, detectionNote, findCodec } from './registry.ts';
import type { DecodeResult, InterchangeCodec } from './types.ts';

export type ReadHow = 'given' | 'detected';

export interface DialectReading {
  codec: InterchangeCodec;
  /** The codec's decode of the value (decoded once: the choice itself needs it). */
  decoded: DecodeResult;
  how: ReadHow;
  /** Detected without a mark of its own: which other dialects fit and why this one (registry.ts `detectionNote`). */
  note?: string;
}

export interface DialectContext {
  /** The dialect the person named (or the app remembered for the file). */
  override?: InterchangeCodec | undefined;
}

/** Reads `json` with the dialect the rule above chooses; undefined when no dialect claims it. */
export function chooseDialect(json: unknown, { override }: DialectContext = {}): DialectReading | undefined {
  if (override) return { codec: override, decoded: override.decode(json), how: 'given' };
  const detection = detectDialect(json);
  if (!detection) return undefined;
  const note = detectionNote(detection, json);
  const reading: DialectReading = { codec: detection.codec, decoded: detection.codec.decode(json), how: 'detected' };
  return note === undefined ? reading : { ...reading, note };
}

/**
 * How `chooseDialect` reads `json` when the format's native dialect reads it without any
 * diagnostic (the caller has made sure of that, e.g. with a format's clean check): `given` or
 * `detected` (with the detection's note) when the rule reads it in that dialect, undefined
 * when it reads it in another. Saves the decode that `chooseDialect` would do.
 */
export function cleanNativeReadingHow(json: unknown, format: { nativeDialect?: string }, { override }: DialectContext): Pick<DialectReading, 'how' | 'note'> | undefined {
  const native = format.nativeDialect === undefined ? undefined : findCodec(format.nativeDialect);
  if (!native) return undefined;
  if (override) return override.id === native.id ? { how: 'given' } : undefined;
  const detection = detectDialect(json);
  if (detection?.codec.id !== native.id) return undefined;
  const note = detectionNote(detection, json);
  return note === undefined ? { how: 'detected' } : { how: 'detected', note };
}

/** Whether the reader kept any field it does not know (in `extra`) or a block of a type it does not know. */
export function keepsUnknown(record: ParleyRecord | undefined): boolean {
  if (!record) return false;
  if (record.kind === 'document') return has(record) || record.files.some((file) => has(file) || file.parts.some(has));
  return has(record) || record.tools.some(has) || record.messages.some(messageKeeps);
}

function messageKeeps(message: Message): boolean {
  if (has(message) || (message.toolCalls ?? []).some(has)) return true;
  const content = message.content;
  if (!content) return false;
  if (content.extra && Object.keys(content.extra).length > 0) return true;
  if (content.type === 'parts') return content.parts.some((part: Part) => has(part));
  if (content.type === 'blocks') return content.blocks.some(blockKeeps);
  return false;
}

function blockKeeps(block: Block): boolean {
  switch (block.type) {
    case 'unknown':
      return true;
    case 'tool_calls':
      return has(block) || block.calls.some((call: ToolCall) => has(call));
    case 'tool_outputs':
      return has(block) || block.outputs.some((output: ToolOutput) => has(output));
    default:
      return has(block);
  }
}

function has(node: Extensible): boolean {
  return node.extra !== undefined && Object.keys(node.extra).length > 0;
}
