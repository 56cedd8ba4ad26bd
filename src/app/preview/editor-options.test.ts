import { describe, expect, it } from 'vitest';
import { editorOptions, wordWrapFor, WRAP_LIMIT_CHARS } from './editor-options.ts';

describe('wrapping in the Text view', () => {
  it('wraps up to WRAP_LIMIT_CHARS characters and not above', () => {
    expect(wordWrapFor(0)).toBe('on');
    expect(wordWrapFor(WRAP_LIMIT_CHARS)).toBe('on');
    expect(wordWrapFor(WRAP_LIMIT_CHARS + 1)).toBe('off');
    expect(wordWrapFor(20_000_000)).toBe('off');
  });

  it('the options say the same, so that passing them again keeps the controller\'s choice', () => {
    expect(editorOptions(false).wordWrap).toBe('on');
    expect(editorOptions(true, 'text', wordWrapFor(20_000_000)).wordWrap).toBe('off');
  });
});
