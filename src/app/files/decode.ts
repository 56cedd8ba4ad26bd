/**
 * A JSON value → a record, with the dialect that read it (core's chooseDialect: the one rule the
 * CLI follows too). Decode errors (with paths) refuse the whole value: nothing in the editor
 * changes. Warnings let it through and are listed.
 */
import { chooseDialect, CODECS, describeJsonTooDeep, findCodec, findJsonTooDeep, formatPath, type Diagnostic, type DialectReading, type ParleyRecord } from '../../core/index.ts';

export type DecodeOutcome =
  | { ok: true; record: ParleyRecord; codec: { id: string; label: string }; diagnostics: Diagnostic[]; note?: string }
  | { ok: false; title: string; details: string[]; diagnostics: Diagnostic[] };

/**
 * The dialect tried when none recognises the input: reading it that way at least lists what is
 * wrong with paths ("[1].role: expected a string") instead of only "unknown dialect".
 */
export const FALLBACK_CODEC = 'apertus-json';

/** `codecId`: the dialect the person named ("Read as"); else detected by evidence (as `parley render` does). */
export function decodeJson(json: unknown, sourceName: string, codecId?: string): DecodeOutcome {
  // Refused before any codec (or, later, the renderers and the store) walks it recursively: see MAX_JSON_DEPTH.
  const tooDeep = findJsonTooDeep(json);
  if (tooDeep) return { ok: false, title: `${sourceName} is ${describeJsonTooDeep(tooDeep)}; Parley does not open JSON this deep. Nothing was changed.`, details: [], diagnostics: [] };
  const override = codecId === undefined ? undefined : findCodec(codecId);
  if (codecId !== undefined && !override) return { ok: false, title: `Unknown dialect "${codecId}" (known: ${knownDialects()}). Nothing was changed.`, details: [], diagnostics: [] };
  let reading: DialectReading | undefined;
  let recognised = true;
  try {
    reading = chooseDialect(json, { override });
    const fallback = reading ? undefined : findCodec(FALLBACK_CODEC);
    if (fallback) {
      recognised = false;
      reading = { codec: fallback, decoded: fallback.decode(json), how: 'detected' };
    }
  } catch (thrown) {
    // A codec bug must not take the app down with it: report it like any decode failure.
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return { ok: false, title: `${override?.label ?? 'Parley'} could not read ${sourceName}: ${message}. Nothing was changed.`, details: [], diagnostics: [] };
  }
  if (!reading) return { ok: false, title: `${sourceName} is JSON, but not in a dialect Parley reads (known: ${knownDialects()}). Nothing was changed.`, details: [], diagnostics: [] };
  const { codec, decoded: result } = reading;
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (result.record === undefined || errors.length > 0) {
    const count = errors.length === 1 ? '1 error' : `${errors.length} errors`;
    return {
      ok: false,
      title:
        codecId !== undefined
          ? `Read as ${codec.label}, ${sourceName} has ${count}. Nothing was changed.`
          : !recognised
            ? `${sourceName} is JSON, but not in a dialect Parley recognises (known: ${knownDialects()}); read as ${codec.label}, it has ${count}. Nothing was changed.`
            : `${sourceName} looks like ${codec.label} but has ${count}. Nothing was changed.`,
      details: errors.map(describeDiagnostic),
      diagnostics: result.diagnostics,
    };
  }
  const read = { ok: true as const, record: result.record, codec: { id: codec.id, label: codec.label }, diagnostics: result.diagnostics };
  // Detected without a mark of its own: which other dialects read it too, and why this one (core's detectionNote).
  return reading.note === undefined ? read : { ...read, note: reading.note };
}

function knownDialects(): string {
  return CODECS.map((c) => c.label).join(', ') || 'none yet';
}

/**
 * `messages[2].content: expected a string`. Decode messages already start with their path (the
 * codecs write it in the source's words): the path is added only to messages that lack it.
 */
export function describeDiagnostic(diagnostic: Diagnostic): string {
  if (!diagnostic.path || diagnostic.path.length === 0) return diagnostic.message;
  const path = formatPath(diagnostic.path);
  return diagnostic.message.startsWith(`${path}:`) ? diagnostic.message : `${path}: ${diagnostic.message}`;
}
