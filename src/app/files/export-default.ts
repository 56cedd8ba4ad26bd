/** The export dialect when nothing else is known (kept apart from export.ts, which loads the codecs). */
export const DEFAULT_EXPORT_CODEC = 'apertus-json';
