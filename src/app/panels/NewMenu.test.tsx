// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { conversation, textMessage } from '../../core/index.ts';
import { clearHistory, undo, useAppStore } from '../store/index.ts';
import { formatFor } from './new-record.ts';
import { NewMenu } from './NewMenu.tsx';

afterEach(() => cleanup());

function start(formatId: string) {
  act(() => {
    useAppStore.getState().loadRecord(conversation([textMessage('user', 'unsaved work')]));
    useAppStore.getState().setFormat(formatId);
  });
  clearHistory();
  render(<NewMenu />);
}

function choose(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'New' }));
  fireEvent.click(screen.getByRole('menuitem', { name }));
}

describe('New menu', () => {
  it('starts a multi-file document with one empty file, switching to a format that renders documents; Undo brings the work back', () => {
    start('apertus');
    choose('New multi-file document');
    const state = useAppStore.getState();
    expect(state.record).toMatchObject({ kind: 'document', files: [{ parts: [{ type: 'text', text: '' }] }] });
    expect(state.formatId).toBe('openchatml');
    expect(state.notice?.title).toBe('Started a new multi-file document in OpenChatML v0.1 (Apertus does not render documents). Undo brings back the previous one.');
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => undo());
    expect(useAppStore.getState().record).toMatchObject({ kind: 'chat', messages: [{ content: { text: 'unsaved work' } }] });
  });

  it('starts an empty chat conversation and keeps the format', () => {
    start('openchatml');
    choose('New chat conversation');
    expect(useAppStore.getState().record).toMatchObject({ kind: 'chat', messages: [], tools: [] });
    expect(useAppStore.getState().formatId).toBe('openchatml');
  });

  it('opens with the first item focused, moves with the arrow keys, closes with Escape back on the button', () => {
    start('openchatml');
    const button = screen.getByRole('button', { name: 'New' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'New chat conversation' }));
    fireEvent.keyDown(screen.getByRole('menu', { name: 'New' }), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'New multi-file document' }));
    fireEvent.keyDown(screen.getByRole('menu', { name: 'New' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('formatFor', () => {
  it('keeps a format that renders the kind, else takes the first that does', () => {
    expect(formatFor('chat', 'apertus')).toBe('apertus');
    expect(formatFor('document', 'openchatml')).toBe('openchatml');
    expect(formatFor('document', 'apertus')).toBe('openchatml');
  });
});
