/**
 * Save: the dataset's export written back into the file it was opened from, when there is a
 * handle for it (file-access.ts), or downloaded under the file's name otherwise.
 *
 * Writing in place goes through `createWritable()`, which writes to a temporary file and
 * replaces the original only on `close()`: the Blob, built from slices of the original File,
 * can still be read while it is written, and a failure before `close()` (abort) leaves the
 * original untouched. Once written, the File that was open is stale (the browser refuses to read
 * a File whose file changed), so the caller opens the saved file again (`SaveResult.file`).
 */
import type { SaveHandle } from './file-access.ts';

export type SaveResult =
  /** Written back in place; `file` is the saved file, to open again. */
  | { kind: 'saved'; message: string; file: File }
  | { kind: 'downloaded'; message: string }
  /** The browser or the person refused write access: nothing was written. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

export interface SaveRequest {
  blob: Blob;
  /** The file's name (the download's name without a handle). */
  name: string;
  handle: SaveHandle | undefined;
  /** Downloads the Blob (layout/download-file.ts in the app, a fake in tests). */
  download(blob: Blob, name: string): void;
  /** The browser could write in place had the file been opened with "Open to save in place" (said when downloading). */
  inPlaceOffered?: boolean;
}

export async function saveDataset(request: SaveRequest): Promise<SaveResult> {
  const { blob, name, handle } = request;
  if (!handle) {
    try {
      request.download(blob, name);
    } catch (thrown) {
      return { kind: 'failed', message: `${name} could not be downloaded: ${errorText(thrown)}.` };
    }
    const why = request.inPlaceOffered
      ? 'it was not opened with "Open to save in place…", so Parley may not write to it'
      : 'this browser does not let a page write a file in place';
    return { kind: 'downloaded', message: `Downloaded ${name}: ${why}. Replace the original with it to keep the changes.` };
  }
  const refused: SaveResult = {
    kind: 'refused',
    message: `Parley was not allowed to write to ${handle.name}, so nothing was written. Allow editing files when the browser asks, or use Export to download the file instead.`,
  };
  try {
    if (!(await writeAllowed(handle))) return refused;
  } catch (thrown) {
    return { kind: 'failed', message: `Write access to ${handle.name} could not be checked: ${errorText(thrown)}. Nothing was written.` };
  }

  let writable: Awaited<ReturnType<SaveHandle['createWritable']>>;
  try {
    writable = await handle.createWritable();
  } catch (thrown) {
    if (isRefusal(thrown)) return refused;
    return { kind: 'failed', message: `${handle.name} could not be opened for writing: ${errorText(thrown)}. The file is unchanged.` };
  }
  try {
    await writable.write(blob);
    await writable.close();
  } catch (thrown) {
    // Until close() succeeds the original file is untouched: drop the temporary copy.
    await writable.abort().catch(() => undefined);
    return { kind: 'failed', message: `${handle.name} could not be saved: ${errorText(thrown)}. The file is unchanged.` };
  }
  let file: File;
  try {
    file = await handle.getFile();
  } catch (thrown) {
    return { kind: 'failed', message: `${handle.name} was saved, but could not be read again: ${errorText(thrown)}. Open it again to go on.` };
  }
  return { kind: 'saved', message: `Saved ${handle.name} (${file.size.toLocaleString('en-US')} bytes).`, file };
}

/** Ask for write access if the handle does not have it yet (the browser asks the person). */
async function writeAllowed(handle: SaveHandle): Promise<boolean> {
  try {
    if ((await handle.queryPermission?.({ mode: 'readwrite' })) === 'granted') return true;
    if (!handle.requestPermission) return true; // No permission calls: createWritable() itself asks.
    return (await handle.requestPermission({ mode: 'readwrite' })) === 'granted';
  } catch (thrown) {
    // Asking without a user gesture throws SecurityError in Chromium: a refusal, said as one.
    if (isRefusal(thrown)) return false;
    throw thrown;
  }
}

function isRefusal(thrown: unknown): boolean {
  return thrown instanceof Error && (thrown.name === 'NotAllowedError' || thrown.name === 'SecurityError');
}

function errorText(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message || thrown.name : String(thrown);
}
