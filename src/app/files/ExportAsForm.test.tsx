// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { conversation, documentFile, documentRecord, textMessage, textPart } from '../../core/index.ts';
import { useAppStore } from '../store/index.ts';
import ExportAsForm from './ExportAsForm.tsx';

afterEach(() => cleanup());

beforeEach(() => {
  useAppStore.getState().loadRecord(conversation([textMessage('user', 'Hi', { name: 'alice' }), textMessage('assistant', 'Hello')]));
  useAppStore.getState().setSourceCodec({ id: 'openai-chat', label: 'OpenAI Chat Completions' });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

function radio(name: RegExp): HTMLInputElement {
  return screen.getByRole('radio', { name }) as HTMLInputElement;
}

describe('Export as…', () => {
  it('lists every dialect with what it loses, the opened file’s dialect first chosen', () => {
    render(<ExportAsForm initial={undefined} onExported={() => {}} onCancel={() => {}} />);
    expect(radio(/^OpenAI Chat Completions \(default\)/).checked).toBe(true);
    expect(radio(/^OpenAI Chat Completions/).closest('label')?.textContent).toContain('nothing lost');
    expect(radio(/^Anthropic Messages/).closest('label')?.textContent).toContain('1 thing lost');
    fireEvent.click(radio(/^Anthropic Messages/));
    expect(screen.getByText('Anthropic Messages cannot hold:')).toBeTruthy();
    expect(screen.getByText(/lost in conversion: the speaker name "alice"/)).toBeTruthy();
  });

  it('downloads in the chosen dialect and says so', () => {
    const exported = vi.fn();
    render(<ExportAsForm initial="anthropic" onExported={exported} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(exported).toHaveBeenCalledWith('anthropic');
    expect(useAppStore.getState().notice?.title).toMatch(/^Exported conversation-\d{4}-\d{2}-\d{2}\.json \(Anthropic Messages\); 1 thing could not be expressed\.$/);
  });

  it('offers no download in a dialect that cannot hold the record', () => {
    useAppStore.getState().loadRecord(documentRecord([documentFile([textPart('x')], 'a.py')]));
    render(<ExportAsForm initial="openai-chat" onExported={() => {}} onCancel={() => {}} />);
    expect(radio(/^OpenAI Chat Completions/).closest('label')?.textContent).toContain('cannot be written');
    expect((screen.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(radio(/^Parley JSON/).closest('label')?.textContent).toContain('nothing lost');
  });
});
