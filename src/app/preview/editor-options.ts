/**
 * The options of the preview's editors (the token text and the JSON): editable, wrapped (Apertus
 * renders a whole conversation on one line), and without the features that cost on a 1 MB text
 * and help little in token text or generated JSON (suggestions, folding, bracket matching).
 */
import type { editor } from 'monaco-editor/editor';

/** The accessible names of the two editors (e2e tests find them by these). */
export const EDITOR_NAMES = { text: 'Token text', json: 'JSON text' } as const;

/**
 * Above this many characters the Text view does not wrap lines. Monaco recomputes the wrap points
 * of an edited line from its start, on every keystroke, and an Apertus render is one line: on the
 * 2-core development machine that costs about 11 ms per MB (230 ms per keystroke at 20 MB). At
 * 2 M characters a keystroke pays about 22 ms for it; above, the text scrolls sideways instead.
 * Raise it for a faster machine (docs/editors.md#big-records).
 */
export const WRAP_LIMIT_CHARS = 2_000_000;

/** The Text view's wrapping for a text of `length` characters (see WRAP_LIMIT_CHARS). */
export function wordWrapFor(length: number): 'on' | 'off' {
  return length > WRAP_LIMIT_CHARS ? 'off' : 'on';
}

export function editorOptions(showWhitespace: boolean, view: keyof typeof EDITOR_NAMES = 'text', wordWrap: 'on' | 'off' = 'on'): editor.IStandaloneEditorConstructionOptions {
  return {
    ariaLabel: EDITOR_NAMES[view],
    wordWrap,
    wrappingStrategy: 'simple',
    wrappingIndent: view === 'json' ? 'same' : 'none',
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
    quickSuggestions: false,
    suggestOnTriggerCharacters: false,
    wordBasedSuggestions: 'off',
    autoClosingBrackets: 'never',
    autoClosingQuotes: 'never',
    links: false,
    hover: { delay: 350 },
    smoothScrolling: false,
    fixedOverflowWidgets: true,
  };
}
