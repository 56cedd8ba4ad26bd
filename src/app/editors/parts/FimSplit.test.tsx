// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { conversation, documentFile, documentRecord, fimPart, partsMessage, textMessage, textPart, type Part } from '../../../core/index.ts';
import { undo, useAppStore } from '../../store/index.ts';
import { byName, click, frames, mount, record } from '../test/harness.tsx';

const fileParts = (file = 0): readonly Part[] => {
  const current = record();
  return current.kind === 'document' ? (current.files[file]?.parts ?? []) : [];
};

const strip = (parts: readonly Part[]) => parts.map(({ id: _id, ...rest }) => rest);

function select(name: string, start: number, end: number): void {
  const field = byName(name) as HTMLTextAreaElement;
  field.focus();
  field.setSelectionRange(start, end);
}

describe('split into FIM segment at cursor', () => {
  it('turns a file\'s text part into a FIM segment around the selection, as one undo step, and focuses the middle', async () => {
    const text = 'The capital of France is Paris, famous for the Eiffel Tower.';
    mount(documentRecord([documentFile([textPart(text)])]));
    act(() => useAppStore.getState().setFormat('openchatml'));
    select('File 1 part 1 text', 25, 30);
    click('Split file 1 part 1 into FIM segment at cursor');
    expect(strip(fileParts())).toEqual([{ type: 'fim', prefix: 'The capital of France is ', middle: 'Paris', suffix: ', famous for the Eiffel Tower.' }]);
    await frames();
    expect(document.activeElement).toBe(byName('File 1 part 1 FIM middle'));
    act(() => undo());
    expect(strip(fileParts())).toEqual([{ type: 'text', text }]);
  });

  it('at a caret the middle is empty (the FIM task form); works in a message\'s parts too', () => {
    mount(conversation([partsMessage('user', [textPart('Intro. '), textPart('def f():\n    pass\n')])]));
    expect(screen.queryByRole('button', { name: 'Split message 1 part 2 into FIM segment at cursor' })).toBeNull();
    act(() => useAppStore.getState().setFormat('openchatml'));
    select('Message 1 part 2 text', 13, 13);
    click('Split message 1 part 2 into FIM segment at cursor');
    const current = record();
    const parts = current.kind === 'chat' && current.messages[0]?.content?.type === 'parts' ? current.messages[0].content.parts : [];
    expect(strip(parts)).toEqual([{ type: 'text', text: 'Intro. ' }, { type: 'fim', prefix: 'def f():\n    ', middle: '', suffix: 'pass\n' }]);
  });
});

describe('split plain text content into a FIM segment', () => {
  it('is offered while the format writes FIM segments, and makes the content parts holding the segment', () => {
    mount(conversation([textMessage('user', 'def add(a, b):\n    return a + b\n')]));
    const label = 'Split message 1 content into FIM segment at cursor';
    expect(screen.queryByRole('button', { name: label })).toBeNull();
    act(() => useAppStore.getState().setFormat('openchatml'));
    select('Message 1 content', 19, 31);
    click(label);
    const current = record();
    const content = current.kind === 'chat' ? current.messages[0]?.content : undefined;
    expect(content?.type).toBe('parts');
    expect(strip(content?.type === 'parts' ? content.parts : [])).toEqual([{ type: 'fim', prefix: 'def add(a, b):\n    ', middle: 'return a + b', suffix: '\n' }]);
    act(() => undo());
    const back = record();
    expect(back.kind === 'chat' ? back.messages[0]?.content : undefined).toEqual({ type: 'text', text: 'def add(a, b):\n    return a + b\n' });
  });
});

describe('FIM cursor marker', () => {
  it('says where the middle goes in the joined file (after the parts before it)', () => {
    mount(documentRecord([documentFile([textPart('# one\n'), fimPart('def f():\n    ', 'return 1', '\n')])]));
    const group = screen.getByRole('group', { name: 'File 1 part 2' });
    expect(group.textContent).toContain('Cursor: the middle goes at line 3, column 5 of file 1 (after 19 characters)');
  });
});
