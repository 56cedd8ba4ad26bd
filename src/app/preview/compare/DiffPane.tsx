/**
 * Monaco's diff editor for Compare, read-only. Both texts are replaced together, as a new pair
 * of models set at once: updating the two sides one after the other lets a diff computed for
 * the old pair land on the new one (Monaco then throws "startLineNumber … cannot be after
 * endLineNumberExclusive"). The pairs replaced are disposed only once the new pair's diff is
 * done: a diff still being computed for a disposed pair finds no models in the worker and
 * throws ("no diff result available"). The special tokens of each side are drawn as chips, with
 * the preview's class (preview.css).
 */
import { useEffect, useRef } from 'react';
import type { editor } from 'monaco-editor/editor';
import { useAppStore } from '../../store/index.ts';
import { THEME_NAMES } from '../language/themes.ts';
import { monaco } from '../monaco-env.ts';

const OPTIONS: editor.IStandaloneDiffEditorConstructionOptions = {
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  wordWrap: 'on',
  minimap: { enabled: false },
  fontSize: 13,
  ariaLabel: 'Compare',
  scrollBeyondLastLine: false,
  automaticLayout: true,
};

type Ranges = readonly { start: number; end: number }[];

const NO_RANGES: Ranges = [];

/** The chips of `ranges` on the side's editor, in place of the ones it had. */
function chipDecorations(model: editor.ITextModel, ranges: Ranges): editor.IModelDeltaDecoration[] {
  return ranges.map(({ start, end }) => {
    const from = model.getPositionAt(start);
    const to = model.getPositionAt(end);
    return { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), options: { inlineClassName: 'parley-special', stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges } };
  });
}

export function DiffPane({
  original,
  modified,
  originalSpecials = NO_RANGES,
  modifiedSpecials = NO_RANGES,
  onChanges,
}: {
  original: string;
  modified: string;
  originalSpecials?: Ranges;
  modifiedSpecials?: Ranges;
  onChanges: (count: number | undefined) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const diff = useRef<editor.IStandaloneDiffEditor | null>(null);
  const retired = useRef<editor.IDiffEditorModel[]>([]);
  const theme = useAppStore((state) => state.resolvedTheme);

  useEffect(() => {
    if (!host.current) return;
    const created = monaco.editor.createDiffEditor(host.current, { ...OPTIONS, theme: THEME_NAMES[useAppStore.getState().resolvedTheme] });
    diff.current = created;
    // Each side's editor is named (axe: an input field needs a name); the diff editor's
    // originalAriaLabel/modifiedAriaLabel options leave the edit context's label empty.
    created.getOriginalEditor().updateOptions({ ariaLabel: 'Compare: left side' });
    created.getModifiedEditor().updateOptions({ ariaLabel: 'Compare: right side' });
    const disposeRetired = () => {
      for (const pair of retired.current.splice(0)) {
        pair.original.dispose();
        pair.modified.dispose();
      }
    };
    const listener = created.onDidUpdateDiff(() => {
      onChanges(created.getLineChanges()?.length);
      disposeRetired();
    });
    return () => {
      listener.dispose();
      const models = created.getModel();
      created.dispose();
      if (models) retired.current.push(models);
      disposeRetired();
      diff.current = null;
    };
  }, [onChanges]);

  useEffect(() => {
    monaco.editor.setTheme(THEME_NAMES[theme]);
  }, [theme]);

  useEffect(() => {
    const editorInstance = diff.current;
    if (!editorInstance) return;
    const previous = editorInstance.getModel();
    onChanges(undefined);
    editorInstance.setModel({ original: monaco.editor.createModel(original, 'plaintext'), modified: monaco.editor.createModel(modified, 'plaintext') });
    if (previous) retired.current.push(previous);
  }, [original, modified, onChanges]);

  // After the models: a new pair of texts gets its chips; the same texts with other chips are redrawn.
  useEffect(() => {
    const editorInstance = diff.current;
    const models = editorInstance?.getModel();
    if (!editorInstance || !models) return;
    const left = editorInstance.getOriginalEditor().createDecorationsCollection(chipDecorations(models.original, originalSpecials));
    const right = editorInstance.getModifiedEditor().createDecorationsCollection(chipDecorations(models.modified, modifiedSpecials));
    return () => {
      left.clear();
      right.clear();
    };
  }, [original, modified, originalSpecials, modifiedSpecials]);

  return <div ref={host} className="relative min-h-0 flex-1" />;
}
