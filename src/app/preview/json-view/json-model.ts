/** The JSON view's Monaco model, kept for the page's lifetime like the Text view's (preview-model.ts). */
import type { editor } from 'monaco-editor/editor';
import type { Monaco } from '../monaco-env.ts';
import { ensureJsonViewLanguage } from './json-language.ts';

export const JSON_VIEW_URI = 'parley-json:/record.json';

export function ensureJsonModel(monaco: Monaco): editor.ITextModel {
  const uri = monaco.Uri.parse(JSON_VIEW_URI);
  const existing = monaco.editor.getModel(uri);
  if (existing) return existing;
  const model = monaco.editor.createModel('', ensureJsonViewLanguage(monaco), uri);
  model.setEOL(monaco.editor.EndOfLineSequence.LF);
  return model;
}
