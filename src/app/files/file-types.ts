/**
 * The dataset files Parley opens, in one list: the Open picker's `accept`, the "Open to save in
 * place…" picker's types and the web app manifest's `file_handlers` (the installed app opens
 * these from the desktop) are all made from it, so a new type (Parquet, say) is added here once.
 * Plain data: vite.config.ts reads it at build time to write the manifest.
 */
export interface DatasetFileType {
  /** A MIME type for the extensions (browsers key file handlers and picker types by MIME). */
  mime: string;
  /** With the leading dot, lower case. */
  extensions: string[];
}

export const DATASET_FILE_TYPES: readonly DatasetFileType[] = [
  { mime: 'application/jsonl', extensions: ['.jsonl'] },
  { mime: 'application/x-ndjson', extensions: ['.ndjson'] },
  { mime: 'application/json', extensions: ['.json'] },
  // Parquet datasets (issue 27) open read-only in place: Save writes JSON Lines or Parquet exports.
  { mime: 'application/vnd.apache.parquet', extensions: ['.parquet'] },
];

/** What a picker's or a file handler's `accept` takes: MIME type → extensions. */
export function acceptMap(types: readonly DatasetFileType[] = DATASET_FILE_TYPES): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const type of types) accept[type.mime] = [...(accept[type.mime] ?? []), ...type.extensions];
  return accept;
}

/** An <input type=file> `accept` attribute: every extension, then the JSON MIME type. */
export function inputAccept(types: readonly DatasetFileType[] = DATASET_FILE_TYPES): string {
  return [...types.flatMap((type) => type.extensions), 'application/json'].join(',');
}
