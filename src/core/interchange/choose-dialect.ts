/**
 * Which JSON dialect reads a value: one rule for the app (opening a file) and the CLI (render,
 * validate, convert), so that the same JSON with the same format is the same record everywhere
 * (see docs/cli.md, 'Which dialect reads the input').
 *
 * 1. Named (`override`: the app's "Read as", the CLI's `--input-dialect` / `--from`): that one.
 * 2. The format's native dialect (Apertus: apertus-json), when it reads the whole value: no
 *    errors and no field it does not know (nothing kept as an unknown field or block). Plain
 *    Apertus JSON looks like OpenAI Chat Completions message by message; read natively, the
 *    render is exactly what the format's reference (the official template) makes of this JSON,
 *    and no field loses a meaning that another dialect would give it. Not when another dialect
 *    recognises the value by a shape of its own (Anthropic's top-level `system`, spec 002
 *    `contents`, a Parley JSON version key, …).
 * 3. Otherwise the detected dialect (the most confident detector). An OpenAI request with a
 *    `model` is read as OpenAI, so that `model` stays a request field that Anthropic and
 *    Responses have too, rather than an unknown field of Apertus JSON.
 */
import { hasErrors } from '../model/diagnostic.ts';
import type { Block, Extensible, Message, ParleyRecord, Part, ToolCall, ToolOutput } from '../model/types.ts';
import { detectDialect, detectionNote, findCodec } from './registry.ts';
import type { DecodeResult, InterchangeCodec } from './types.ts';

/**
 * Detectors give 0.95 and more only for shapes no other dialect writes (see each detect.ts);
 * plain chat and shapes shared with Apertus JSON (tool messages, `tool_calls`) score less.
 */
const OWN_SHAPE = 0.95;

export type ReadHow = 'given' | 'native' | 'detected';

export interface DialectReading {
  codec: InterchangeCodec;
  /** The codec's decode of the value (decoded once: the choice itself needs it). */
  decoded: DecodeResult;
  how: ReadHow;
  /** Detected without a mark of its own: which other dialects fit and why this one (registry.ts `detectionNote`). */
  note?: string;
}

export interface DialectContext {
  /** The format the record is for; only its `nativeDialect` counts (a structural type, so that interchange does not import formats). */
  format?: { nativeDialect?: string; nativeKeepsUnknown?: boolean } | undefined;
  /** The dialect the person named. */
  override?: InterchangeCodec | undefined;
}

/** Reads `json` with the dialect the rule above chooses; undefined when no dialect claims it. */
export function chooseDialect(json: unknown, { format, override }: DialectContext = {}): DialectReading | undefined {
  if (override) return { codec: override, decoded: override.decode(json), how: 'given' };
  const detection = detectDialect(json);
  const detected = detection?.codec;
  const native = nativeCodecOf(format);
  if (native && !hasOwnShape(detection, native)) {
    const decoded = native.decode(json);
    const clean = decoded.record !== undefined && !hasErrors(decoded.diagnostics);
    // Detected as itself, the native dialect's unknown fields are its own (kept for the round trip).
    if (clean && (detected?.id === native.id || format?.nativeKeepsUnknown === true || !keepsUnknown(decoded.record))) return { codec: native, decoded, how: 'native' };
    if (detected?.id === native.id) return { codec: native, decoded, how: 'detected' };
  }
  if (!detection) return undefined;
  const note = detectionNote(detection, json);
  const reading: DialectReading = { codec: detection.codec, decoded: detection.codec.decode(json), how: 'detected' };
  return note === undefined ? reading : { ...reading, note };
}

/**
 * How `chooseDialect` reads `json` when the format's native dialect reads it without any
 * diagnostic (the caller has made sure of that, e.g. with a format's clean check), keeping
 * fields it does not know or not: `given` or `native`, or undefined when it would choose
 * another dialect.
 */
export function cleanNativeReadingHow(json: unknown, { format, override }: DialectContext, keepsUnknownFields: boolean): ReadHow | undefined {
  const native = nativeCodecOf(format);
  if (!native) return undefined;
  if (override) return override.id === native.id ? 'given' : undefined;
  const detection = detectDialect(json);
  if (hasOwnShape(detection, native)) return undefined;
  // As chooseDialect: unknown fields are the native dialect's own only when it is detected as itself.
  return !keepsUnknownFields || detection?.codec.id === native.id || format?.nativeKeepsUnknown === true ? 'native' : undefined;
}

function nativeCodecOf(format: DialectContext['format']): InterchangeCodec | undefined {
  return format?.nativeDialect === undefined ? undefined : findCodec(format.nativeDialect);
}

/** Another dialect recognises the value by a shape of its own (the score detection already computed: each detector runs once per value). */
function hasOwnShape(detection: ReturnType<typeof detectDialect>, native: InterchangeCodec): boolean {
  return detection !== undefined && detection.codec.id !== native.id && detection.score >= OWN_SHAPE;
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
