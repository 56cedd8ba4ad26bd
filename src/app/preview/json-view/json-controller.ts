/**
 * Keeps the JSON view's model in step with the record in the chosen dialect (minimal edits, as
 * the Text view) and reads typed JSON back with the dialect's decoder through an `EditSession`:
 * syntax errors and decode errors become markers where they are, and the record is unchanged
 * until the JSON reads back without errors.
 */
import type { editor, IDisposable } from 'monaco-editor/editor';
import type { ParleyRecord } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { commitReadBack, VIEW_COALESCE_KEYS } from '../../views/commit.ts';
import { EditSession } from '../../views/edit-session.ts';
import { dialectBase, dialectText, readDialectText } from '../../views/json-text.ts';
import { wordWrapFor } from '../editor-options.ts';
import { applyMinimalEdit } from '../model-edit.ts';
import { showProblems } from '../problem-markers.ts';
import { setViewStatus } from '../view-status.ts';

export class JsonViewController {
  readonly session: EditSession;
  private record: ParleyRecord;
  private shown = '';
  private typedSinceApplied = true; // the kept model may hold an earlier text: read it before the first edit
  private applying = false;
  private wordWrap: 'on' | 'off' = 'on';
  private readonly disposables: IDisposable[] = [];

  constructor(
    private readonly model: editor.ITextModel,
    private readonly editorInstance: editor.IStandaloneCodeEditor,
    private codecId: string,
  ) {
    this.record = useAppStore.getState().record;
    this.session = new EditSession({
      typedText: () => this.model.getValue(),
      showStoreText: () => this.show(),
      setProblems: (problems) => showProblems(this.model, problems),
      read: (text) => readDialectText(text, this.codecId),
      commit: (record) => {
        commitReadBack(record, dialectBase(useAppStore.getState().record, this.codecId), VIEW_COALESCE_KEYS.json);
      },
      onStatus: (status) => setViewStatus('json', status),
    });
    this.disposables.push(
      this.model.onDidChangeContent(() => {
        if (this.applying) return;
        this.typedSinceApplied = true;
        this.session.typed();
      }),
      editorInstance.onDidBlurEditorText(() => this.session.blurred()),
    );
  }

  /** The record changed (or the dialect did). */
  sync(record: ParleyRecord): void {
    this.record = record;
    if (this.session.storeChanged(dialectText(record, this.codecId).text)) this.show();
  }

  setDialect(codecId: string): void {
    if (codecId === this.codecId) return;
    this.codecId = codecId;
    this.sync(this.record);
  }

  revert(): void {
    this.session.discard();
    this.show();
  }

  dispose(): void {
    this.session.dispose();
    this.disposables.forEach((d) => d.dispose());
    showProblems(this.model, []);
  }

  private show(): void {
    const text = dialectText(this.record, this.codecId).text;
    if (text === this.shown && !this.typedSinceApplied) return;
    const before = this.typedSinceApplied ? this.model.getValue() : this.shown;
    // As in the Text view: a JSON text over the limit (a 20 MB string is one line) is not wrapped.
    const wordWrap = wordWrapFor(text.length);
    if (wordWrap !== this.wordWrap) {
      this.wordWrap = wordWrap;
      this.editorInstance.updateOptions({ wordWrap });
    }
    this.applying = true;
    try {
      applyMinimalEdit(this.model, before, text, this.editorInstance);
    } finally {
      this.applying = false;
    }
    this.shown = text;
    this.typedSinceApplied = false;
  }
}
