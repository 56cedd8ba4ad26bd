/**
 * Keeps the Text view's Monaco model and decorations in step with the render, without
 * `setValue`: each change becomes the minimal edit of the model (cursor, scroll and view state
 * survive), decorations are recomputed for the text on screen only, markers a moment after
 * typing stops. Also turns Ctrl/⌘+clicks into `reveal(path)` and a focused field into a
 * highlight. The text is editable: while the person types, an `EditSession` (views/edit-session.ts)
 * owns the model's text and reads it back into the record; renders wait until it lets them in.
 * While the Text view's tab is hidden (`setShown(false)`), Monaco is not touched at all: the
 * latest inputs wait and go in, in one minimal edit, when the view is shown again (see `sync`).
 * Plain TypeScript driven by `sync(inputs)`; mount.ts wires it to the store.
 */
import type { editor, IDisposable } from 'monaco-editor/editor';
import { findFormat, pathsEqual, type Diagnostic, type FieldPath, type ParleyRecord, type Span, type SpecialToken } from '../../core/index.ts';
import { EditSession, type EditStatus, type ReadBack } from '../views/edit-session.ts';
import type { Problem } from '../views/problems.ts';
import { wordWrapFor } from './editor-options.ts';
import { decorationWindow, planDecorations, WINDOW_MARGIN, windowCovers, type DecorationKind } from './decorations-plan.ts';
import { placeDiagnostics } from './diagnostic-ranges.ts';
import { CARRIAGE_RETURN_SYMBOL, fromDisplayText, toDisplayText } from './display-text.ts';
import type { PreviewInputs } from './inputs.ts';
import { provideHoversFor } from './language/hover.ts';
import { ensureLanguage } from './language/languages.ts';
import { monaco } from './monaco-env.ts';
import { applyMinimalEdit } from './model-edit.ts';
import { markerAt, showProblems } from './problem-markers.ts';
import { clickedOffset, focusRanges, SpanIndex, type OffsetRange } from './span-index.ts';
import { applyChanges, typedEquals, typedLength, typedValue, untouched, type TypedText } from './typed-text.ts';

/** Markers wait until typing pauses: they are the least urgent part of an update. */
export const MARKER_DELAY_MS = 150;
/** A focused field's ranges highlighted at most (a whole-conversation path has thousands). */
export const MAX_FOCUS_RANGES = 500;
/** Pointer travel (px) between press and release beyond which a click is a drag. */
const CLICK_SLOP_PX = 4;

/** Window event fired after each change of the preview's text has been applied (UI benchmark, tests). */
export const PREVIEW_UPDATED_EVENT = 'parley:preview-updated';
export const MARKER_OWNER = 'parley';

const STICKY = monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges;

const DECORATION_OPTIONS: Record<DecorationKind, editor.IModelDecorationOptions> = {
  special: { inlineClassName: 'parley-special', stickiness: STICKY },
  trainable: { className: 'parley-trainable', stickiness: STICKY },
  'fim-middle': { inlineClassName: 'parley-fim-middle', stickiness: STICKY },
  'line-break': {
    after: { content: '↵', inlineClassName: 'parley-line-break', cursorStops: monaco.editor.InjectedTextCursorStops.None },
    showIfCollapsed: true,
    stickiness: STICKY,
  },
};

const FOCUS_OPTIONS: editor.IModelDecorationOptions = {
  className: 'parley-focus',
  stickiness: STICKY,
  overviewRuler: { color: 'rgba(14, 165, 233, 0.8)', position: monaco.editor.OverviewRulerLane.Full },
};

const CONTENT_TEXT = monaco.editor.MouseTargetType.CONTENT_TEXT;

export interface PreviewControllerOptions {
  editor: editor.IStandaloneCodeEditor;
  model: editor.ITextModel;
  /** A Ctrl/⌘+click in the preview asks the app to show and focus the field at `path`. */
  reveal: (path: FieldPath) => void;
  /** Typed token text → record, with the current format and options. */
  read: (text: string) => ReadBack;
  /** Put a record read from the text into the store. */
  commit: (record: ParleyRecord) => void;
  onStatus: (status: EditStatus) => void;
}

const NO_HOVER = { text: '', index: new SpanIndex([]), tokens: [] };

export class PreviewController {
  private readonly editor: editor.IStandaloneCodeEditor;
  private readonly model: editor.ITextModel;
  private readonly reveal: (path: FieldPath) => void;

  /** The exact rendered text the model shows (the model holds `displayed`: see display-text.ts). */
  private text = '';
  private displayed = '';
  /** `text` holds neither `\r` nor a literal ␍: it is its own display form, and reads back as itself. */
  private textIsPlain = true;
  private spans: readonly Span[] = [];
  private index = new SpanIndex([]);
  private tokens: readonly SpecialToken[] = [];
  private formatId: string | undefined;
  private readOnly = false;
  private wordWrap: 'on' | 'off' = 'on';
  private focusedPath: FieldPath | null = null;
  private diagnostics: readonly Diagnostic[] = [];
  private flags = { shadeTrainable: false, showWhitespace: false };

  private readonly windowDecorations: editor.IEditorDecorationsCollection;
  private readonly focusDecorations: editor.IEditorDecorationsCollection;
  private decorated: OffsetRange | undefined;
  private windowCheck = 0;
  private markerTimer: ReturnType<typeof setTimeout> | undefined;
  private pressed: { x: number; y: number } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly disposables: IDisposable[] = [];
  private readonly stopHovers: () => void;
  readonly session: EditSession;
  /** The latest inputs, shown or waiting for the typed text to be released or the view to be shown. */
  private latest: PreviewInputs | undefined;
  /** The Text view's panel is on screen (Preview.tsx's tab); while it is not, `latest` waits. */
  private shown = true;
  /** `latest` has not gone into Monaco because the view is hidden: the model, decorations and markers are behind. */
  private waiting = false;
  /** The text the update listeners last heard of (the hidden view announces changes it has not applied). */
  private announced = '';
  /** The person changed the model since the last render was applied: it no longer holds `displayed`. */
  private typedSinceApplied = false;
  /** The model's text, from its change events (typed-text.ts): no `getValue()` per keystroke. */
  private typedText: TypedText = untouched('');
  private applying = false;

  constructor(options: PreviewControllerOptions) {
    ({ editor: this.editor, model: this.model, reveal: this.reveal } = options);
    this.windowDecorations = this.editor.createDecorationsCollection();
    this.focusDecorations = this.editor.createDecorationsCollection();
    this.session = new EditSession({
      typedText: () => fromDisplayText(this.modelText()),
      typedIs: (text) => this.modelTextIs(text),
      showStoreText: () => {
        if (this.latest) this.sync(this.latest);
      },
      setProblems: (problems: readonly Problem[]) => showProblems(this.model, problems),
      read: options.read,
      commit: options.commit,
      onStatus: options.onStatus,
    });
    // Hovers and clicks describe the render: while typed text is shown, its spans say nothing.
    this.stopHovers = provideHoversFor(monaco, this.model.uri.scheme, this.model, () =>
      this.session.isEdited ? NO_HOVER : { text: this.text, index: this.index, tokens: this.tokens },
    );
    this.disposables.push(
      this.editor.onDidScrollChange(() => this.scheduleWindowCheck()),
      this.editor.onDidLayoutChange(() => this.scheduleWindowCheck()),
      this.editor.onMouseDown((event) => this.onMouseDown(event)),
      this.editor.onMouseUp((event) => this.onMouseUp(event)),
      this.model.onDidChangeContent((event) => {
        if (this.applying) return;
        this.typedText = applyChanges(this.typedText, event.changes);
        this.typedSinceApplied = true;
        this.session.typed();
      }),
      this.editor.onDidBlurEditorText(() => this.session.blurred()),
      this.editor.addAction({
        id: 'parley.showField',
        label: 'Show the form field of this text',
        keybindings: [monaco.KeyMod.Alt | monaco.KeyCode.Enter],
        contextMenuGroupId: 'navigation',
        run: () => this.revealAtCursor(),
      }),
    );
  }

  /** The text shown: the render, or what the person typed (the model shows `\r` as `␍`). */
  renderedText(): string {
    // Hidden and behind: the text it shows as soon as it is shown (the session holds no typing then).
    if (this.waiting && this.latest) return this.latest.text;
    if (this.typedSinceApplied) return fromDisplayText(this.model.getValue());
    return this.displayed === this.text ? this.model.getValue() : this.text;
  }

  /** Drop typed text and show the render again. */
  revert(): void {
    this.session.discard();
    if (this.latest) this.sync(this.latest);
  }

  /** Calls `listener` after every applied change of the text. */
  onDidUpdate(listener: () => void): IDisposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * The Text view's panel was shown or hidden. Hidden, the work of a keystroke on the model (the
   * edit, Monaco's own render in the next frame, decorations, markers: about 2.4 ms of main-thread
   * time per key at 100 messages) would delay the shown tab's paint for nothing; shown, the
   * waiting inputs go in now, before the panel is painted (Preview.tsx calls this from a layout effect).
   */
  setShown(shown: boolean): void {
    if (shown === this.shown) return;
    this.shown = shown;
    if (!shown || !this.waiting || !this.latest) return;
    // The panel had no size while hidden: measure it first, so that the window of decorations and
    // the reveal of a field focused meanwhile are computed for the screen the person will see.
    this.editor.layout();
    this.sync(this.latest);
  }

  sync(inputs: PreviewInputs): void {
    this.latest = inputs;
    // Hidden: nothing is seen, so nothing is applied; the listeners still hear of each new text
    // (the test API, benchmarks). While the person's typing is kept (the session is edited), the
    // store's changes are handled as when shown, so that no typed text is lost or kept stale.
    this.waiting = !this.shown && !this.session.isEdited;
    if (this.waiting) {
      if (inputs.text !== this.announced) this.emitUpdated(inputs.text);
      return;
    }
    // Nothing typed while the format's code loads could be read back, and its arrival would
    // replace the typing: the text waits (store/prepare-format.ts).
    if (inputs.loading !== this.readOnly) {
      this.readOnly = inputs.loading;
      this.editor.updateOptions({ readOnly: inputs.loading, readOnlyMessage: { value: 'The format is loading; the text can be edited in a moment.' } });
    }
    // While the person's typing is kept, nothing derived from the render fits the model's text.
    if (!this.session.storeChanged(inputs.text)) return;
    if (inputs.formatId !== this.formatId) {
      this.formatId = inputs.formatId;
      this.tokens = findFormat(inputs.formatId)?.specialTokens ?? [];
      monaco.editor.setModelLanguage(this.model, ensureLanguage(monaco, inputs.formatId));
    }
    // Before the text goes in: a 20 MB line must never be wrapped, not even once.
    const wordWrap = wordWrapFor(inputs.text.length);
    if (wordWrap !== this.wordWrap) {
      this.wordWrap = wordWrap;
      this.editor.updateOptions({ wordWrap });
    }
    // A change already announced while hidden is not announced again, unless the model held typing.
    const announce = inputs.text !== this.announced || this.typedSinceApplied;
    const textChanged = this.applyText(inputs.text);
    const spansChanged = inputs.spans !== this.spans;
    if (spansChanged) {
      this.spans = inputs.spans;
      this.index = new SpanIndex(inputs.spans);
    }
    const flagsChanged = inputs.shadeTrainable !== this.flags.shadeTrainable || inputs.showWhitespace !== this.flags.showWhitespace;
    if (flagsChanged) this.flags = { shadeTrainable: inputs.shadeTrainable, showWhitespace: inputs.showWhitespace };
    if (textChanged || spansChanged || flagsChanged) this.decorateWindow();

    const focusChanged = !samePath(inputs.focusedPath, this.focusedPath);
    this.focusedPath = inputs.focusedPath;
    if (focusChanged || spansChanged) this.highlightFocus(focusChanged);

    if (inputs.diagnostics !== this.diagnostics || spansChanged) {
      this.diagnostics = inputs.diagnostics;
      this.scheduleMarkers();
    }
    if (textChanged && announce) this.emitUpdated(inputs.text);
  }

  dispose(): void {
    this.session.dispose();
    cancelAnimationFrame(this.windowCheck);
    clearTimeout(this.markerTimer);
    this.disposables.forEach((d) => d.dispose());
    this.stopHovers();
    this.windowDecorations.clear();
    this.focusDecorations.clear();
    this.listeners.clear();
    if (!this.model.isDisposed()) monaco.editor.setModelMarkers(this.model, MARKER_OWNER, []);
  }

  // --- text ------------------------------------------------------------------------------

  /** Applies the minimal edit from the shown text to `text`; false when nothing changed. */
  private applyText(text: string): boolean {
    if (text === this.text && !this.typedSinceApplied) return false;
    const displayed = toDisplayText(text);
    // After typing, start from the typed text; if anything else changed the model, from its real text.
    const before = this.model.getValueLength() === typedLength(this.typedText) ? typedValue(this.typedText) : this.model.getValue();
    let edited: boolean;
    this.applying = true;
    try {
      edited = applyMinimalEdit(this.model, before, displayed, this.editor);
    } finally {
      this.applying = false;
    }
    const changed = text !== this.text || edited;
    this.text = text;
    this.displayed = displayed;
    this.typedText = untouched(displayed);
    this.textIsPlain = displayed === text && !text.includes(CARRIAGE_RETURN_SYMBOL);
    this.typedSinceApplied = false;
    return changed;
  }

  /** The model's text (display form), from the change events; the model itself if they disagree in length. */
  private modelText(): string {
    return this.model.getValueLength() === typedLength(this.typedText) ? typedValue(this.typedText) : this.model.getValue();
  }

  /** Whether the model shows `text` (a raw text, `\r` shown as `␍`): O(1) on a keystroke that changes the length. */
  private modelTextIs(text: string): boolean {
    // Where `\r` or a literal ␍ occurs, the display form and the text differ: compare the read-back text.
    const plain = text === this.text ? this.textIsPlain : !/[\r\u240d]/.test(text);
    if (!plain) return fromDisplayText(this.modelText()) === text;
    return this.model.getValueLength() === typedLength(this.typedText) ? typedEquals(this.typedText, text) : this.model.getValue() === text;
  }

  private emitUpdated(text: string): void {
    this.announced = text;
    this.listeners.forEach((listener) => listener());
    window.dispatchEvent(new CustomEvent(PREVIEW_UPDATED_EVENT));
  }

  // --- decorations ----------------------------------------------------------------------

  /** The offsets on screen, or the start of the text before the editor has a layout. */
  private visibleOffsets(): OffsetRange {
    const ranges = this.editor.getVisibleRanges();
    const first = ranges[0];
    const last = ranges[ranges.length - 1];
    if (!first || !last) return { start: 0, end: Math.min(this.text.length, WINDOW_MARGIN) };
    return { start: this.model.getOffsetAt(first.getStartPosition()), end: this.model.getOffsetAt(last.getEndPosition()) };
  }

  private decorateWindow(): void {
    const visible = this.visibleOffsets();
    const window = decorationWindow(visible.start, visible.end, this.text.length);
    const planned = planDecorations(this.index, this.text, window, this.flags);
    this.windowDecorations.set(planned.map((d) => ({ range: this.range(d.start, d.end), options: DECORATION_OPTIONS[d.kind] })));
    this.decorated = window;
  }

  private scheduleWindowCheck(): void {
    if (this.windowCheck !== 0) return;
    this.windowCheck = requestAnimationFrame(() => {
      this.windowCheck = 0;
      // Hidden, the editor has no size; it is checked again when shown (its layout changes then).
      if (this.session.isEdited || !this.shown) return;
      const visible = this.visibleOffsets();
      if (!this.decorated || !windowCovers(this.decorated, visible.start, visible.end, this.text.length)) this.decorateWindow();
    });
  }

  private highlightFocus(reveal: boolean): void {
    const path = this.focusedPath;
    const ranges = path && path.length > 0 ? focusRanges(this.index, path, MAX_FOCUS_RANGES).ranges : [];
    this.focusDecorations.set(ranges.map((r) => ({ range: this.range(r.start, r.end), options: FOCUS_OPTIONS })));
    const first = ranges[0];
    if (reveal && first) this.editor.revealRangeInCenterIfOutsideViewport(this.range(first.start, Math.min(first.end, first.start + 1)), monaco.editor.ScrollType.Smooth);
  }

  // --- markers ---------------------------------------------------------------------------

  private scheduleMarkers(): void {
    clearTimeout(this.markerTimer);
    this.markerTimer = setTimeout(() => this.updateMarkers(), MARKER_DELAY_MS);
  }

  private updateMarkers(): void {
    // Typed text keeps the markers it has (Monaco moves them with the edits) until it is in step again.
    if (this.model.isDisposed() || this.session.isEdited) return;
    const markers = placeDiagnostics(this.index, this.diagnostics).map(({ diagnostic, start, end }) => markerAt(this.model, diagnostic, start, end));
    monaco.editor.setModelMarkers(this.model, MARKER_OWNER, markers);
  }

  // --- clicks ----------------------------------------------------------------------------

  /**
   * Only a Ctrl/⌘+click goes to the form field: a plain click places the caret, as in any
   * editable text (Alt+click is Monaco's multi-cursor).
   */
  private onMouseDown(event: editor.IEditorMouseEvent): void {
    const modified = event.event.ctrlKey || event.event.metaKey;
    const wanted = event.event.leftButton && modified && !event.event.shiftKey && !event.event.altKey && event.target.type === CONTENT_TEXT;
    this.pressed = wanted && !this.session.isEdited ? { x: event.event.posx, y: event.event.posy } : undefined;
  }

  /** A Ctrl/⌘ press and release in place on text (no drag) reveals the field under the pointer. */
  private onMouseUp(event: editor.IEditorMouseEvent): void {
    const pressed = this.pressed;
    this.pressed = undefined;
    const position = event.target.position;
    if (!pressed || !position || event.target.type !== CONTENT_TEXT) return;
    if (Math.abs(event.event.posx - pressed.x) > CLICK_SLOP_PX || Math.abs(event.event.posy - pressed.y) > CLICK_SLOP_PX) return;
    const span = this.index.spanAt(this.clickedCharacter(position, event.event.browserEvent.clientX));
    if (span && span.path.length > 0) this.reveal(span.path);
  }

  /** Alt+Enter (and the context menu): the field that wrote the text at the caret. */
  private revealAtCursor(): void {
    const position = this.editor.getPosition();
    if (!position || this.session.isEdited) return;
    const span = this.index.spanAt(Math.min(this.model.getOffsetAt(position), this.text.length - 1));
    if (span && span.path.length > 0) this.reveal(span.path);
  }

  /** Offset of the character under the pointer (Monaco reports the nearest caret position). */
  private clickedCharacter(position: { lineNumber: number; column: number }, clientX: number): number {
    const caret = this.model.getOffsetAt(position);
    const atLineEnd = position.column === this.model.getLineMaxColumn(position.lineNumber);
    const caretBox = this.editor.getScrolledVisiblePosition(position);
    const editorBox = this.editor.getDomNode()?.getBoundingClientRect();
    const rightOfCaret = caretBox && editorBox ? clientX - editorBox.left >= caretBox.left : true;
    return clickedOffset(caret, rightOfCaret && !atLineEnd, this.text.length);
  }

  private range(start: number, end: number) {
    const from = this.model.getPositionAt(start);
    const to = this.model.getPositionAt(end);
    return new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column);
  }
}

function samePath(a: FieldPath | null, b: FieldPath | null): boolean {
  return a === b || (a !== null && b !== null && pathsEqual(a, b));
}
