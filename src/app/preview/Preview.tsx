/**
 * The preview pane: the exact text of the current record in the chosen format, in a read-only
 * Monaco editor (special tokens and JSON coloured, hovers, diagnostics as markers, trainable
 * shading, clicks that focus the producing field), with a small toolbar. Loaded lazily by
 * App.tsx: this module and everything it imports form the Monaco chunk.
 */
import { useMemo } from 'react';
import Editor from '@monaco-editor/react';
import { useAppStore } from '../store/index.ts';
import { editorOptions } from './editor-options.ts';
import { THEME_NAMES } from './language/themes.ts';
import { connectPreview } from './mount.ts';
import { monaco } from './monaco-env.ts';
import { ensurePreviewModel, PREVIEW_URI } from './preview-model.ts';
import { PreviewToolbar } from './PreviewToolbar.tsx';
import './preview.css';

// Created before the editor mounts, so that the editor opens the preview's own model (by URI).
ensurePreviewModel(monaco);

export function Preview() {
  const theme = useAppStore((state) => state.resolvedTheme);
  const showWhitespace = useAppStore((state) => state.showWhitespace);
  const options = useMemo(() => editorOptions(showWhitespace), [showWhitespace]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PreviewToolbar />
      <div className="relative min-h-0 flex-1">
        <Editor
          path={PREVIEW_URI}
          keepCurrentModel
          theme={THEME_NAMES[theme]}
          options={options}
          onMount={connectPreview}
          loading={null}
          height="100%"
        />
      </div>
    </div>
  );
}

export default Preview;
