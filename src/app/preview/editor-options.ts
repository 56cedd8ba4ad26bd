/**
 * The preview editor's options: read-only token text, wrapped (Apertus renders a whole
 * conversation on one line), and without the features that cost on a 1 MB render and mean
 * nothing in read-only token text.
 */
import type { editor } from 'monaco-editor/editor';

export const READ_ONLY_MESSAGE = 'The preview is read-only: edit the conversation in the forms, and the text follows.';

export function editorOptions(showWhitespace: boolean): editor.IStandaloneEditorConstructionOptions {
  return {
    readOnly: true,
    readOnlyMessage: { value: READ_ONLY_MESSAGE },
    ariaLabel: 'Rendered text (read-only)',
    wordWrap: 'on',
    wrappingStrategy: 'simple',
    wrappingIndent: 'none',
    // Break before `<` and `[` and after `>`, not after `|`: special tokens stay whole on a line.
    wordWrapBreakBeforeCharacters: '([{<',
    wordWrapBreakAfterCharacters: ' \t})]>?&.,;:',
    renderWhitespace: showWhitespace ? 'all' : 'none',
    renderControlCharacters: true,
    unicodeHighlight: { invisibleCharacters: true, ambiguousCharacters: false, nonBasicASCII: false, includeComments: true, includeStrings: true },
    fontSize: 13,
    lineNumbersMinChars: 3,
    minimap: { enabled: false },
    folding: false,
    glyphMargin: false,
    scrollBeyondLastLine: false,
    renderLineHighlight: 'none',
    occurrencesHighlight: 'off',
    selectionHighlight: false,
    matchBrackets: 'never',
    bracketPairColorization: { enabled: false },
    guides: { indentation: false, bracketPairs: false, highlightActiveIndentation: false },
    stickyScroll: { enabled: false },
    links: false,
    hover: { delay: 350 },
    smoothScrolling: false,
    fixedOverflowWidgets: true,
  };
}
