/**
 * Which dialect Export and the JSON view use unless the person picks one (kept apart from
 * export.ts, which loads the codecs; this file is part of start-up code and stays tiny).
 */

/** The export dialect when nothing else is known. */
export const DEFAULT_EXPORT_CODEC = 'apertus-json';

/** The dialect that holds every record losslessly, documents included. */
export const LOSSLESS_CODEC = 'parley-json';

/**
 * The dialect of the opened file, else Apertus JSON; a document (which only Parley JSON can
 * hold) gets Parley JSON when the registry has it. `available`: the ids of the registry.
 */
export function defaultDialect(recordKind: 'chat' | 'document', sourceCodec: string | undefined, available: readonly string[]): string {
  if (recordKind === 'document' && available.includes(LOSSLESS_CODEC)) return LOSSLESS_CODEC;
  return sourceCodec !== undefined && available.includes(sourceCodec) ? sourceCodec : DEFAULT_EXPORT_CODEC;
}
