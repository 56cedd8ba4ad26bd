/**
 * The editing policy of a text view (the token text, the JSON), without Monaco: who owns the
 * editor's text while a person types in it.
 *
 * - Not edited: the editor shows the store's text (a render, or a dialect's JSON) and follows
 *   every change of the record.
 * - Edited: the person's text stays. A moment after typing stops it is read back; if it parses,
 *   the record is merged into the store (one undo step per burst, like typing in a field). The
 *   store's new text is then *not* shown over the typing: if it equals what was typed, the view
 *   is simply in step again; if it differs (the format writes it its own way), it waits until the
 *   view loses focus, so that normalisation never fights the typist. Text that does not parse
 *   shows its problems and leaves the record as it was.
 * - A change of the record that does not come from this view (a form, undo, opening a file,
 *   another format or dialect) wins: the typed text is replaced by the store's, as the record
 *   is the one source of truth.
 */
import type { ParleyRecord } from '../../core/index.ts';
import type { Problem } from './problems.ts';

/** Typing pauses this long before the text is read back: parsing a large text on every keystroke would lag. */
export const READ_BACK_DELAY_MS = 200;

export interface ReadBack {
  /** The record read from the text; undefined when it does not parse (see `problems`). */
  record?: ParleyRecord;
  problems: Problem[];
}

export type EditStatus =
  | { state: 'synced' }
  | { state: 'editing' }
  /** Read back into the record; `normalised`: the store writes it differently (shown on leaving the view). */
  | { state: 'applied'; normalised: boolean; problems: Problem[] }
  | { state: 'invalid'; problems: Problem[] };

export interface EditSessionHost {
  /** The editor's text, as the reader reads it (built when read back, once per pause). */
  typedText(): string;
  /**
   * Whether the editor's text is `text`, answered without building the text when the host can
   * (the Text view: from Monaco's change events). Runs on every keystroke; default: `typedText() === text`.
   */
  typedIs?(text: string): boolean;
  /** Make the editor show the store's text now (the view applies it as a minimal edit). */
  showStoreText(): void;
  /** Show the problems of the typed text (an empty list clears them). */
  setProblems(problems: readonly Problem[]): void;
  read(text: string): ReadBack;
  /** Put a record read from the view into the store. */
  commit(record: ParleyRecord): void;
  onStatus(status: EditStatus): void;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const REAL_TIMERS: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class EditSession {
  /** The editor holds typed text that the store's text has not replaced. */
  private edited = false;
  private committing = false;
  private invalid = false;
  private storeText = '';
  private pending: unknown;

  constructor(
    private readonly host: EditSessionHost,
    private readonly delay = READ_BACK_DELAY_MS,
    private readonly timers: Timers = REAL_TIMERS,
  ) {}

  get isEdited(): boolean {
    return this.edited;
  }

  /**
   * The store's text for the view is `text` (called on every store change). Returns whether the
   * editor should show it now; false while the person's typing is kept.
   */
  storeChanged(text: string): boolean {
    const changed = text !== this.storeText;
    this.storeText = text;
    if (!this.edited) return true;
    if (!changed) return false;
    if (this.committing) {
      if (!this.typedIs(text)) return false;
      this.edited = false;
      return true;
    }
    this.discard();
    return true;
  }

  /** The person changed the editor's text. */
  typed(): void {
    if (this.typedIs(this.storeText)) {
      // Typed back to what the store says (or undid the typing): nothing to read.
      this.discard();
      return;
    }
    if (!this.edited) this.host.onStatus({ state: 'editing' });
    this.edited = true;
    this.timers.clear(this.pending);
    this.pending = this.timers.set(() => this.readBack(), this.delay);
  }

  /** The editor lost focus: read what is pending, then show the store's text unless the typed text has errors. */
  blurred(): void {
    if (this.pending !== undefined) this.readBack();
    if (this.invalid) return;
    if (this.edited) {
      this.edited = false;
      this.host.showStoreText();
    }
    this.host.setProblems([]);
    this.host.onStatus({ state: 'synced' });
  }

  /** Drop the typed text (the caller shows the store's text). */
  discard(): void {
    this.timers.clear(this.pending);
    this.pending = undefined;
    const wasEdited = this.edited || this.invalid;
    this.edited = false;
    this.invalid = false;
    if (wasEdited) {
      this.host.setProblems([]);
      this.host.onStatus({ state: 'synced' });
    }
  }

  dispose(): void {
    this.timers.clear(this.pending);
    this.pending = undefined;
  }

  private typedIs(text: string): boolean {
    return this.host.typedIs ? this.host.typedIs(text) : this.host.typedText() === text;
  }

  private readBack(): void {
    this.timers.clear(this.pending);
    this.pending = undefined;
    if (!this.edited) return;
    const { record, problems } = this.host.read(this.host.typedText());
    this.host.setProblems(problems);
    this.invalid = record === undefined;
    if (!record) {
      this.host.onStatus({ state: 'invalid', problems });
      return;
    }
    this.committing = true;
    try {
      this.host.commit(record);
    } finally {
      this.committing = false;
    }
    this.host.onStatus(this.edited ? { state: 'applied', normalised: true, problems } : { state: 'applied', normalised: false, problems });
  }
}
