/**
 * Files opened with the installed app (the manifest's `file_handlers`: double-click a .jsonl in
 * the file manager, or "Open with Parley") arrive through the Launch Queue API (Chromium) as file
 * handles. The first one opens as "Open to save in place…" would open it: straight into the
 * dataset view for a dataset, with its handle, so that Save writes back into that very file once
 * the browser grants write access (save-in-place.ts asks).
 */
import type { SaveHandle } from '../dataset/save/file-access.ts';
import { useAppStore } from '../store/index.ts';

/** What the Launch Queue hands over: file handles (the handler accepts files only, but a handle says its kind). */
export interface LaunchParams {
  files?: readonly (SaveHandle & { kind?: 'file' | 'directory' })[];
}

export interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => unknown): void;
}

export interface LaunchDeps {
  /** Open `file` remembering `handle` for Save (the app's open pipeline). */
  open(file: File, handle: SaveHandle): Promise<unknown>;
  /** Say something went wrong (the app's error notice). */
  problem(message: string): void;
  /** Say something the person should know (the app's info notice). */
  info(message: string): void;
}

/** Open the first launched file; never throws (every failure is said). */
export async function openLaunched(params: LaunchParams, deps: LaunchDeps): Promise<void> {
  const handles = params.files ?? [];
  const [first] = handles;
  if (!first) return; // Launched without a file (the app's icon): nothing to open.
  if (first.kind === 'directory') {
    deps.problem(`${first.name} is a folder: Parley opens one .jsonl, .ndjson or .json file at a time.`);
    return;
  }
  let file: File;
  try {
    file = await first.getFile();
  } catch (thrown) {
    deps.problem(`${first.name} could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}. Nothing was changed.`);
    return;
  }
  await deps.open(file, first);
  if (handles.length > 1) deps.info(`Opened ${file.name}; ${handles.length - 1} other file(s) were not opened: Parley works on one file at a time.`);
}

/** The app's open pipeline, loaded when a file arrives (not part of the start-up code). */
async function openInApp(file: File, handle: SaveHandle): Promise<void> {
  const [{ expectHandle }, { openFile }] = await Promise.all([import('../dataset/save/save-dataset.ts'), import('../files/open.ts')]);
  expectHandle(handle, file);
  await openFile(file);
}

function notice(tone: 'error' | 'info', title: string): void {
  useAppStore.getState().showNotice({ tone, title });
}

/** Start taking launched files, where the browser has a Launch Queue (`window.launchQueue`). */
export function consumeLaunchQueue(host: { launchQueue?: LaunchQueue } = window as { launchQueue?: LaunchQueue }): void {
  host.launchQueue?.setConsumer((params) =>
    openLaunched(params, {
      open: openInApp,
      problem: (message) => notice('error', message),
      info: (message) => notice('info', message),
    }),
  );
}
