/**
 * The contract of a JSON dialect (ARCHITECTURE.md "Interchange codec"): the shape a record
 * arrives in (Apertus JSON, OpenAI Chat Completions, Anthropic Messages, …) and leaves in.
 */
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

export interface InterchangeCodec {
  id: string;
  label: string;
  /** How sure the codec is that `json` is in its dialect: 0 (no) to 1 (certain). */
  detect(json: unknown): number;
  decode(json: unknown): DecodeResult;
  encode(record: ParleyRecord): EncodeResult;
}
