/**
 * The preview's one Monaco model, owned here and kept for the page's lifetime (the editor may
 * unmount and mount again; the model, its language and markers stay). Its URI scheme selects
 * the preview's hover provider.
 */
import type { editor } from 'monaco-editor/editor';
import type { Monaco } from './monaco-env.ts';

export const PREVIEW_SCHEME = 'parley-preview';
export const PREVIEW_URI = `${PREVIEW_SCHEME}:/rendered.txt`;

export function ensurePreviewModel(monaco: Monaco): editor.ITextModel {
  const uri = monaco.Uri.parse(PREVIEW_URI);
  const existing = monaco.editor.getModel(uri);
  if (existing) return existing;
  const model = monaco.editor.createModel('', 'plaintext', uri);
  // Rendered text uses `\n` only (display-text.ts); fix the EOL so no platform default turns it into `\r\n`.
  model.setEOL(monaco.editor.EndOfLineSequence.LF);
  return model;
}
