/**
 * The meeting point between the lazily loaded Monaco preview and the rest of the app (the test
 * API, benchmarks): the preview announces that its model is mounted and how to read it, without
 * anything outside src/app/preview importing Monaco.
 *
 * The preview calls `markPreviewReady(() => model.getValue(), (l) => model.onDidChangeContent(l))`
 * once its model is mounted (again if it remounts: the latest call wins).
 */

type Subscribe = (listener: () => void) => { dispose(): void };

let getText: (() => string) | undefined;
let subscribe: Subscribe | undefined;
let getVersion: (() => number) | undefined;
let resolveReady: () => void = () => {};
let readyAt: number | undefined;

/** Resolves once the preview's Monaco model is mounted. */
export const previewReady: Promise<void> = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** `version`: the model's version id (it grows with every change of the model's text), for tests. */
export function markPreviewReady(read: () => string, onDidChange?: Subscribe, version?: () => number): void {
  getText = read;
  subscribe = onDidChange;
  getVersion = version;
  readyAt ??= performance.now();
  resolveReady();
}

/** performance.now() (ms since navigation start) when the preview first became ready. */
export function previewReadyAt(): number | undefined {
  return readyAt;
}

/** The text of the preview's Monaco model ('' before it is mounted). */
export function previewText(): string {
  return getText?.() ?? '';
}

/**
 * The version id of the preview's Monaco model (undefined before it is mounted): a test counts
 * the model's changes with it, e.g. none while the Text view is hidden (controller.ts).
 */
export function previewModelVersion(): number | undefined {
  return getVersion?.();
}

/**
 * Calls `listener` after every change of the preview's model text (used by the UI benchmark to
 * time keystroke → preview). Returns a function that unsubscribes. If the preview did not pass a
 * change subscription, the listener is never called.
 */
export function onPreviewUpdated(listener: () => void): () => void {
  if (subscribe === undefined) return () => {};
  const disposable = subscribe(listener);
  return () => disposable.dispose();
}

/** Whether the preview offers change notifications (see `markPreviewReady`). */
export function previewReportsUpdates(): boolean {
  return subscribe !== undefined;
}
