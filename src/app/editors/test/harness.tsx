/**
 * Component-test harness: puts a record in the (singleton) store, renders the conversation
 * editor, and reads the record back. Tests act through accessible names, as people do.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { Message, ParleyRecord } from '../../../core/index.ts';
import { clearHistory, useAppStore } from '../../store/index.ts';
import { ConversationEditor } from '../ConversationEditor.tsx';
import { loadMessageList } from '../messages/MessageList.tsx';

afterEach(() => cleanup());

// The message list is a lazily loaded chunk in the app; tests mount it synchronously.
await loadMessageList();

export function mount(record: ParleyRecord) {
  act(() => {
    useAppStore.getState().loadRecord(record);
    useAppStore.getState().setFormat('apertus', { date: '2025-01-01' });
  });
  clearHistory();
  return render(<ConversationEditor />);
}

export function record(): ParleyRecord {
  return useAppStore.getState().record;
}

export function messages(): readonly Message[] {
  const current = record();
  return current.kind === 'chat' ? current.messages : [];
}

/** The control with exactly this accessible name. */
export function byName(name: string): HTMLElement {
  return screen.getByLabelText(name, { exact: true });
}

export function type(name: string, text: string): void {
  fireEvent.change(byName(name), { target: { value: text } });
}

export function click(name: string): void {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Let queued animation frames run (reveal waits for fields to mount). */
export async function frames(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) {
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
  }
}
