/**
 * The File System Access API where the browser offers it (Chromium): a file opened through
 * `showOpenFilePicker` comes with a handle, and Save writes the new bytes back into that file.
 * Elsewhere (Firefox, Safari, a file dropped or chosen with <input type=file>) there is no
 * handle and Save downloads the file instead. Only the parts used here are typed: the picker and
 * the permission calls are not in TypeScript's DOM library (they are a WICG draft).
 */
import { acceptMap } from '../../files/file-types.ts';

export type Permission = 'granted' | 'denied' | 'prompt';

/** What Parley needs of a `FileSystemFileHandle`. */
export interface SaveHandle {
  readonly name: string;
  getFile(): Promise<File>;
  createWritable(): Promise<{ write(data: Blob): Promise<void>; close(): Promise<void>; abort(reason?: unknown): Promise<void> }>;
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<Permission>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<Permission>;
}

interface PickerOptions {
  id?: string;
  multiple?: boolean;
  excludeAcceptAllOption?: boolean;
  types?: { description: string; accept: Record<string, string[]> }[];
}

/** The window, as far as the picker goes (a fake in tests). */
export interface PickerHost {
  showOpenFilePicker?: (options?: PickerOptions) => Promise<SaveHandle[]>;
}

/** Whether opening through the picker can give a handle that Save writes back to. */
export function canSaveInPlace(host: PickerHost = globalThis as PickerHost): boolean {
  return typeof host.showOpenFilePicker === 'function';
}

const DATASET_TYPES: PickerOptions['types'] = [
  { description: 'Datasets (JSON Lines, JSON)', accept: acceptMap() },
];

/**
 * Ask for a dataset file with the browser's picker. Undefined when the person cancelled
 * (AbortError: not a failure, nothing is said); other errors are thrown for the caller to show.
 */
export async function pickDatasetFile(host: PickerHost = globalThis as PickerHost): Promise<{ file: File; handle: SaveHandle } | undefined> {
  if (!host.showOpenFilePicker) throw new Error('this browser has no file picker with write access');
  let handles: SaveHandle[];
  try {
    handles = await host.showOpenFilePicker({ id: 'parley-dataset', multiple: false, types: DATASET_TYPES });
  } catch (thrown) {
    if (thrown instanceof Error && thrown.name === 'AbortError') return undefined;
    throw thrown;
  }
  const handle = handles[0];
  if (!handle) return undefined;
  return { file: await handle.getFile(), handle };
}
