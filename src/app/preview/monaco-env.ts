/**
 * Monaco, bundled (no CDN, no network): the core editor API, only the features the preview's
 * editors use, and the editor worker as a same-origin module worker. Importing this module configures
 * everything once; it must be imported before the first editor mounts (Preview.tsx does).
 *
 * Features (each `monaco-editor/features/<name>/register` adds one editor contribution):
 * - hover: special-token docs, the field under the pointer, diagnostics and invisible characters;
 * - find: Ctrl/⌘+F in the preview;
 * - clipboard, contextmenu: copy a selection, by keys or menu;
 * - unicodeHighlighter: invisible characters (zero-width spaces…) in training data are boxed;
 * - wordOperations: Ctrl/⌘+arrows move by word while reading.
 * Left out on purpose: folding, suggestions, code actions, bracket matching, word highlighting,
 * minimap (costs on a 1 MB single-line render, little use in token text or generated JSON).
 * Languages: none of Monaco's; each chat format gets its own Monarch language (language/), and
 * the JSON view a small Monarch JSON language (json-view/): Monaco's JSON language service would
 * bring a worker and validation that the dialect's own decoder does better here.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/unicodeHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { loader } from '@monaco-editor/react';
import { defineThemes } from './language/themes.ts';

self.MonacoEnvironment = {
  // Monaco asks by label; the preview has no language services, so every label gets the editor worker.
  getWorker: () => new EditorWorker(),
};

// Without this, @monaco-editor/react would fetch its loader and Monaco from a CDN.
loader.config({ monaco });

defineThemes(monaco);

export { monaco };
export type Monaco = typeof monaco;
