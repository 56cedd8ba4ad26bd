/**
 * `window.__parley`: a small, documented API for end-to-end tests, benchmarks and curious people
 * (present in every build; it exposes nothing the page itself cannot do). See docs/app.md, "Test API".
 */
import type { Diagnostic, FieldPath, OptionValues } from '../core/index.ts';
import type { ParleyDatasetApi } from './dataset/test-api-dataset.ts';
import type { ExportResult } from './files/export.ts';
import { encodeRecordLater, openJsonLater } from './files/lazy.ts';
import { saveNow } from './persistence/autosave.ts';
import { shownSession, type ShownSession } from './persistence/session-fields.ts';
import { onPreviewUpdated, previewModelVersion, previewReady, previewReadyAt, previewReportsUpdates, previewText } from './preview-ready.ts';
import { diagnosticsState, prepareFormat, redo, renderState, undo, useAppStore, type SaveStatus } from './store/index.ts';
import { previewRenderer } from './jinja/off-page.ts';
import { tokenStore } from './tokens/token-store.ts';
import { previewInputs } from './preview/inputs.ts';
import { trainableRuns } from './preview/trainable-runs.ts';

export interface ParleyLoadResult {
  ok: boolean;
  /** The dialect that read the input (`apertus-json`, …), when one did. */
  codec?: string;
  /** Decode diagnostics: errors when refused (nothing changed), warnings when loaded. */
  diagnostics: Diagnostic[];
  /** The sentence the person sees. */
  message: string;
}

/**
 * The saved fields (persistence/session-fields.ts: `record`, `formatId`, `formatOptions`, the
 * preview toggles), `formatOptions` being the options set for the current format (unset ones
 * take the format's defaults), and the state around them.
 */
export interface ParleySnapshot extends ShownSession {
  theme: string;
  resolvedTheme: 'light' | 'dark';
  saveStatus: SaveStatus;
  focusedPath: FieldPath | null;
  canUndo: boolean;
  canRedo: boolean;
  /** The diagnostics the panel lists (the last open's warnings, the checks, the format's), in its order. */
  diagnostics: Diagnostic[];
}

export interface ParleyTestApi {
  /** Resolves when the preview's Monaco model is mounted. */
  ready: Promise<void>;
  /** Replace the conversation as opening a file does (JSON text or a parsed value); returns what happened. */
  load(json: unknown, name?: string): Promise<ParleyLoadResult>;
  /** Show the format `id`; resolves once its on-demand code is loaded (Format.prepare) and it is set. */
  setFormat(id: string, options?: OptionValues): Promise<void>;
  /** The text the Text view shows, or will show when it is shown again (the render of the current state, or the person's typing). */
  renderedText(): string;
  /** The version id of the Text view's Monaco model: it grows with every change of the model (none while the view is hidden). */
  previewModelVersion(): number | undefined;
  /** The runs of the Text view's text it shades as trainable ([start, end), trainable spans joined), from the spans it is given. */
  previewTrainable(): [number, number][];
  /**
   * Resolves once the preview shows the render of the current state: a Jinja template renders
   * in a worker, so its render arrives after the change that asked for it (`setFormat` awaits this too).
   */
  rendered(): Promise<void>;
  /** The export (Apertus JSON unless another dialect id is given): value, file text, and what could not be expressed. */
  exportJson(codecId?: string): Promise<ExportResult>;
  /** A plain (JSON) snapshot of the state. */
  state(): ParleySnapshot;
  undo(): void;
  redo(): void;
  /** Write the autosave now; resolves when written. */
  saveNow(): Promise<void>;
  /** Call `listener` after each change of the preview's text; returns an unsubscribe function. */
  onPreviewUpdated(listener: () => void): () => void;
  /** Whether `onPreviewUpdated` is supported by the mounted preview. */
  previewReportsUpdates(): boolean;
  /** Milestones in ms since navigation start: editor first rendered, preview ready. */
  timings(): { editorReady?: number; previewReady?: number };
  /** Dataset mode (a JSONL file or an array of records); the calls above act on the current record. */
  dataset: ParleyDatasetApi;
  /**
   * The Token view's last tokenization (null before the view was opened and answered): the text
   * it tokenized (compare with `renderedText()` to know it is current), token count, trained
   * count and count per message.
   */
  tokenCounts(): ParleyTokenCounts | null;
  /** Call `listener` after each tokenization the Token view receives; returns an unsubscribe function. */
  onTokensUpdated(listener: () => void): () => void;
}

export interface ParleyTokenCounts {
  text: string;
  count: number;
  trained: number;
  perMessage: number[];
  /** performance.now() when the request was posted and when its answer arrived; the worker's own time (ms). */
  sentAt: number;
  answeredAt: number;
  workerMs: number;
  /** Who tokenized it: the worker, or the page during the keystroke (page-tokens.ts). */
  by: 'worker' | 'page';
  /** The page's copy of the tokenizer: its state, and how long it took to read and load (ms). */
  page: { state: string; loadMs?: number; warmed?: boolean };
}

declare global {
  interface Window {
    __parley: ParleyTestApi;
  }
}

/** performance mark set when the editor has first rendered (App's first effect). */
export const EDITOR_READY_MARK = 'parley:editor-ready';

const datasetApi = async () => (await import('./dataset/test-api-dataset.ts')).datasetTestApi;

/** Asks for the current render (a template's starts in its worker) and resolves once it is shown. */
async function renderedNow(): Promise<void> {
  renderState(useAppStore.getState());
  await previewRenderer.whenIdle();
}

export function installTestApi(): void {
  window.__parley = {
    ready: previewReady,
    async load(json, name = 'The loaded JSON') {
      const result = await openJsonLater(json, name);
      return { ok: result.ok, ...(result.codec ? { codec: result.codec.id } : {}), diagnostics: result.diagnostics, message: result.message };
    },
    async setFormat(id, options) {
      await prepareFormat(id);
      useAppStore.getState().setFormat(id, options);
      await renderedNow();
    },
    renderedText: previewText,
    previewModelVersion,
    previewTrainable: () => trainableRuns(previewInputs(useAppStore.getState()).spans),
    rendered: renderedNow,
    exportJson: (codecId) => encodeRecordLater(codecId),
    state() {
      const state = useAppStore.getState();
      const history = useAppStore.temporal.getState();
      const snapshot: ParleySnapshot = {
        ...shownSession(state),
        theme: state.theme,
        resolvedTheme: state.resolvedTheme,
        saveStatus: state.saveStatus,
        focusedPath: state.focusedPath,
        canUndo: history.pastStates.length > 0,
        canRedo: history.futureStates.length > 0,
        diagnostics: diagnosticsState(state).map(({ source: _source, key: _key, ...diagnostic }) => diagnostic),
      };
      return JSON.parse(JSON.stringify(snapshot)) as ParleySnapshot;
    },
    undo,
    redo,
    saveNow,
    onPreviewUpdated,
    previewReportsUpdates,
    timings() {
      const editor = performance.getEntriesByName(EDITOR_READY_MARK)[0];
      const preview = previewReadyAt();
      return { ...(editor ? { editorReady: editor.startTime } : {}), ...(preview === undefined ? {} : { previewReady: preview }) };
    },
    // Loaded on first use: the dataset code is not start-up code.
    dataset: {
      open: async (content, name) => (await datasetApi()).open(content, name),
      count: () => useAppStore.getState().datasetOrder.length,
      current: () => {
        const { currentRecord, datasetOrder } = useAppStore.getState();
        return currentRecord === null ? -1 : datasetOrder.indexOf(currentRecord);
      },
      goto: async (index) => (await datasetApi()).goto(index),
      exportBytes: async () => (await datasetApi()).exportBytes(),
    },
    tokenCounts() {
      const tokenized = tokenStore.getState().tokenized;
      if (!tokenized) return null;
      const { result } = tokenized;
      return { text: tokenized.text, count: result.ids.length, trained: result.trainedCount, perMessage: Array.from(result.perMessage), sentAt: tokenized.timing.sentAt, answeredAt: tokenized.timing.answeredAt, workerMs: result.took, by: tokenized.by, page: tokenStore.getState().page };
    },
    onTokensUpdated: (listener) =>
      tokenStore.subscribe((state, previous) => {
        if (state.tokenized !== previous.tokenized) listener();
      }),
  };
}
