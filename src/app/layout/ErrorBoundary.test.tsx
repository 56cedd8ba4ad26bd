// @vitest-environment jsdom
/**
 * A part that throws while rendering shows what failed and ways out, not a blank page; autosave
 * keeps the last version that could be shown; any change of the record renders the part again.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';
import { clearHistory, useAppStore } from '../store/index.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

const downloads = vi.hoisted(() => [] as { text: string; fileName: string }[]);
const exporter = vi.hoisted(() => ({ fails: false }));

vi.mock('./download-file.ts', () => ({
  downloadFile: (text: string, fileName: string) => downloads.push({ text, fileName }),
  today: () => '2025-01-01',
}));
vi.mock('../files/lazy.ts', () => ({
  exportToFileLater: async () => {
    if (exporter.fails) throw new RangeError('Maximum call stack size exceeded');
    return { ok: true };
  },
}));

/** Renders the first message's text, and throws on "boom", as a renderer overflowing its stack would. */
function Part() {
  const text = useAppStore((state) => {
    const content = (state.record as Conversation).messages[0]?.content;
    return content?.type === 'text' ? content.text : '';
  });
  if (text === 'boom') throw new RangeError('Maximum call stack size exceeded');
  return <p>Shows: {text}</p>;
}

const load = (text: string) => act(() => useAppStore.getState().loadRecord(conversation([textMessage('user', text)])));

describe('ErrorBoundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports caught errors there.
    downloads.length = 0;
    exporter.fails = false;
    load('fine');
    clearHistory();
    useAppStore.getState().setSaveStatus({ state: 'saved', at: 1 });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows what failed and pauses autosave instead of going blank; Undo renders the part again', async () => {
    render(
      <ErrorBoundary area="the preview">
        <Part />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Shows: fine')).toBeTruthy();
    load('boom');
    const alert = await screen.findByRole('alert', { name: 'Parley could not show the preview' });
    expect(alert.textContent).toContain('RangeError: Maximum call stack size exceeded');
    expect(useAppStore.getState().saveStatus).toMatchObject({ state: 'unavailable', message: expect.stringContaining('the preview could not show this conversation') });

    fireEvent.click(await screen.findByRole('button', { name: 'Undo last change' }));
    expect(await screen.findByText('Shows: fine')).toBeTruthy();
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
  });

  it('exports the data even when the normal export fails too', async () => {
    exporter.fails = true;
    render(
      <ErrorBoundary area="the conversation editor">
        <Part />
      </ErrorBoundary>,
    );
    load('boom');
    fireEvent.click(await screen.findByRole('button', { name: 'Export your data' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe('parley-recovered-2025-01-01.json');
    expect(JSON.parse(downloads[0]?.text ?? '')).toMatchObject({ record: { messages: [{ content: { text: 'boom' } }] }, formatId: 'apertus' });
  });

  it('offers Reload, and a fresh start when there is nothing to undo (a restored session that cannot be shown)', async () => {
    load('boom');
    clearHistory();
    render(
      <ErrorBoundary area="the page">
        <Part />
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo last change' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start over with an example' })).toBeTruthy();
    // Opening anything else (a file, an example) renders the part again.
    load('opened a file');
    expect(await screen.findByText('Shows: opened a file')).toBeTruthy();
  });

  it('does not pause autosave for a chunk that did not download (the data is fine)', async () => {
    function Offline(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Preview.js');
    }
    render(
      <ErrorBoundary area="the preview">
        <Offline />
      </ErrorBoundary>,
    );
    expect(await screen.findByText(/could not be downloaded/)).toBeTruthy();
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
  });
});
