/**
 * Monaco's diff editor for Compare, read-only. Both texts are replaced together, as a new pair
 * of models set at once: updating the two sides one after the other lets a diff computed for
 * the old pair land on the new one (Monaco then throws "startLineNumber … cannot be after
 * endLineNumberExclusive"). The pairs replaced are disposed only once the new pair's diff is
 * done: a diff still being computed for a disposed pair finds no models in the worker and
 * throws ("no diff result available").
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

export function DiffPane({ original, modified, onChanges }: { original: string; modified: string; onChanges: (count: number | undefined) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const diff = useRef<editor.IStandaloneDiffEditor | null>(null);
  const retired = useRef<editor.IDiffEditorModel[]>([]);
  const theme = useAppStore((state) => state.resolvedTheme);

  useEffect(() => {
    if (!host.current) return;
    const created = monaco.editor.createDiffEditor(host.current, { ...OPTIONS, theme: THEME_NAMES[useAppStore.getState().resolvedTheme] });
    diff.current = created;
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

  return <div ref={host} className="relative min-h-0 flex-1" />;
}
