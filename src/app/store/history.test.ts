import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';
import { COALESCE_IDLE_MS } from './history.ts';
import { clearHistory, redo, undo, useAppStore } from './index.ts';

function text(): string {
  const record = useAppStore.getState().record as Conversation;
  const content = record.messages[0]?.content;
  return content?.type === 'text' ? content.text : '';
}

function type(chars: string, key: string): void {
  for (const char of chars) {
    useAppStore.getState().edit((draft) => {
      const content = (draft as Conversation).messages[0]?.content;
      if (content?.type === 'text') content.text += char;
    }, key);
  }
}

function pastSteps(): number {
  return useAppStore.temporal.getState().pastStates.length;
}

describe('undo history', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
    useAppStore.getState().loadRecord(conversation([textMessage('user', '')]));
    clearHistory();
  });
  afterEach(() => vi.useRealTimers());

  it('makes a burst of typing in one field one undo step', () => {
    type('hello', 'm1.text');
    expect(text()).toBe('hello');
    expect(pastSteps()).toBe(1);
    undo();
    expect(text()).toBe('');
    redo();
    expect(text()).toBe('hello');
  });

  it('starts a new step when the field changes', () => {
    type('ab', 'field-a');
    type('cd', 'field-b');
    expect(pastSteps()).toBe(2);
    undo();
    expect(text()).toBe('ab');
  });

  it('starts a new step after a pause in typing', () => {
    type('ab', 'field-a');
    vi.advanceTimersByTime(COALESCE_IDLE_MS + 1);
    type('cd', 'field-a');
    expect(pastSteps()).toBe(2);
    undo();
    expect(text()).toBe('ab');
  });

  it('makes every edit without a key its own step', () => {
    type('a', undefined as unknown as string);
    type('b', undefined as unknown as string);
    expect(pastSteps()).toBe(2);
  });

  it('makes loading a record its own step, also in the middle of typing', () => {
    type('ab', 'field-a');
    useAppStore.getState().loadRecord(conversation([textMessage('user', 'loaded')]));
    type('!', 'field-a');
    expect(pastSteps()).toBe(3);
    undo();
    expect(text()).toBe('loaded');
    undo();
    expect(text()).toBe('ab');
  });

  it('does not record changes that are not the record (selection, format, theme)', () => {
    useAppStore.getState().setFocusedPath(['messages', 0]);
    useAppStore.getState().setFormat('apertus', { enable_thinking: false });
    useAppStore.getState().setTheme('dark');
    expect(pastSteps()).toBe(0);
  });

  it('starts a new step after undo even in the same field', () => {
    type('ab', 'field-a');
    undo();
    type('x', 'field-a');
    type('y', 'field-a');
    expect(text()).toBe('xy');
    expect(pastSteps()).toBe(1);
    expect(useAppStore.temporal.getState().futureStates).toHaveLength(0);
  });
});
