// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { conversation, textMessage } from '../../../core/index.ts';
import { undo } from '../../store/index.ts';
import { revealField } from '../navigation/reveal.ts';
import { selectionOf } from '../navigation/field-registry.ts';
import { byName, click, messages, mount, type } from '../test/harness.tsx';
import { LONG_TEXT_CHARS } from './text-pages.ts';

/** Lines of 10 characters: parts end after a line break, at a multiple of 10. */
const line = (i: number) => `${String(i).padStart(9, '0')}\n`;
const LONG = Array.from({ length: 25_000 }, (_, i) => line(i)).join(''); // 250,000 characters
const contentOf = (i: number) => {
  const content = messages()[i]?.content;
  return content?.type === 'text' ? content.text : undefined;
};
const field = () => byName('Message 2 content') as HTMLTextAreaElement;

describe('a long text field, edited in parts', () => {
  it('shows one part of the text and says which', () => {
    mount(conversation([textMessage('user', 'Short'), textMessage('assistant', LONG)]));
    expect(field().value.length).toBeLessThanOrEqual(LONG_TEXT_CHARS);
    expect(LONG.startsWith(field().value)).toBe(true);
    expect(screen.getByText(/Long text, edited in parts: characters 1–100,000 of 250,000\./)).toBeTruthy();
    // A short field is a plain growing textarea.
    expect(byName('Message 1 content')).toHaveProperty('value', 'Short');
  });

  it('typing in the second part changes only that part of the value', () => {
    mount(conversation([textMessage('user', 'Short'), textMessage('assistant', LONG)]));
    click('Next part');
    expect(field().value.startsWith(line(10_000))).toBe(true);
    type('Message 2 content', `EDIT ${field().value}`);
    expect(contentOf(1)).toBe(`${LONG.slice(0, 100_000)}EDIT ${LONG.slice(100_000)}`);
    expect(screen.getByText(/characters 100,001–200,005 of 250,005\./)).toBeTruthy();
    // Undo changes the value from outside: the same part stays in view, cut anew.
    act(() => undo());
    expect(contentOf(1)).toBe(LONG);
    expect(field().value.startsWith(line(10_000))).toBe(true);
    click('Previous part');
    expect(field().value.startsWith(line(0))).toBe(true);
  });

  it('maps the caret to the full value and reveals a place in another part', async () => {
    mount(conversation([textMessage('user', 'Short'), textMessage('assistant', LONG)]));
    click('Next part');
    field().setSelectionRange(10, 12);
    expect(selectionOf(['messages', 1, 'content'])).toEqual({ start: 100_010, end: 100_012 });
    await act(async () => {
      await revealField(['messages', 1, 'content'], { start: 200_020, end: 200_029 });
    });
    expect(field().value.startsWith(line(20_000))).toBe(true);
    expect([field().selectionStart, field().selectionEnd]).toEqual([20, 29]);
    expect(selectionOf(['messages', 1, 'content'])).toEqual({ start: 200_020, end: 200_029 });
  });

  it('the last part holds the end of the text; Next part is then disabled', () => {
    mount(conversation([textMessage('user', 'Short'), textMessage('assistant', LONG)]));
    click('Next part');
    click('Next part');
    expect(field().value).toBe(LONG.slice(200_000));
    expect(screen.getByRole('button', { name: 'Next part' })).toHaveProperty('disabled', true);
    fireEvent.change(field(), { target: { value: `${field().value}the end` } });
    expect(contentOf(1)).toBe(`${LONG}the end`);
  });

  it('a paste that makes a field long keeps the focus in it, and the text whole', () => {
    mount(conversation([textMessage('user', 'Short'), textMessage('assistant', 'Soon long')]));
    field().focus();
    fireEvent.change(field(), { target: { value: LONG } });
    expect(contentOf(1)).toBe(LONG);
    expect(screen.getByText(/characters 1–100,000 of 250,000\./)).toBeTruthy();
    expect(document.activeElement).toBe(field());
    // And back: deleting below the limit gives the growing field, still focused.
    fireEvent.change(field(), { target: { value: 'short again' } });
    expect(contentOf(1)).toBe(`short again${LONG.slice(100_000)}`);
    click('Next part');
    fireEvent.change(field(), { target: { value: '' } });
    expect(contentOf(1)?.length).toBeLessThan(LONG_TEXT_CHARS);
    expect(contentOf(1)?.startsWith('short again')).toBe(true);
    expect(field().value).toBe(contentOf(1));
    expect(screen.queryByText(/Long text, edited in parts/)).toBeNull();
    expect(document.activeElement).toBe(field());
  });
});
