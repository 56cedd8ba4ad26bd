// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, toolDefinition, type Message } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { VIRTUALIZE_FROM } from '../messages/MessageList.tsx';
import { byName, frames, mount } from '../test/harness.tsx';

function reveal(path: (string | number)[]) {
  act(() => useAppStore.getState().reveal(path));
}

describe('reveal and focus', () => {
  it('focuses the field with the longest matching prefix', async () => {
    mount(conversation([textMessage('user', 'q'), blocksMessage([toolCalls([toolCall('f', '{"city": 1}')])])]));
    reveal(['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments', 'city']);
    await frames();
    expect(document.activeElement).toBe(byName('Message 2 block 1 tool call 1 arguments'));
    reveal(['messages', 1, 'content', 'blocks', 0, 'type']);
    await frames(4);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Message 2 block 1' }));
    reveal(['messages', 0, 'content', 'text']);
    await frames();
    expect(document.activeElement).toBe(byName('Message 1 content'));
  });

  it('reports the focused field to the store (the preview highlights it)', () => {
    mount(conversation([textMessage('user', 'q')]));
    fireEvent.focus(byName('Message 1 content'));
    expect(useAppStore.getState().focusedPath).toEqual(['messages', 0, 'content']);
    fireEvent.focus(byName('Message 1 role'));
    expect(useAppStore.getState().focusedPath).toEqual(['messages', 0, 'role']);
  });

  it('opens the collapsed tools section to reveal a tool field', async () => {
    mount(conversation([], [toolDefinition('f', 'd', { type: 'object' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Tools (1)' }));
    expect(screen.queryByLabelText('Tool 1 parameters', { exact: true })).toBeNull();
    reveal(['tools', 0, 'parameters']);
    await frames(4);
    expect(document.activeElement).toBe(byName('Tool 1 parameters'));
  });
});

describe('long conversations (virtualized)', () => {
  // jsdom has no layout: give the scroll container a viewport and every row a height.
  const saved: [string, PropertyDescriptor | undefined][] = [];
  beforeEach(() => {
    const stub = (name: 'clientHeight' | 'offsetHeight' | 'scrollHeight', get: (this: HTMLElement) => number) => {
      saved.push([name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]);
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
    };
    stub('clientHeight', function () {
      return this.dataset.testid === 'conversation-editor' ? 600 : 0;
    });
    stub('scrollHeight', function () {
      return this.dataset.testid === 'conversation-editor' ? 400 * 150 + 1000 : 0;
    });
    stub('offsetHeight', function () {
      return this.dataset.index !== undefined ? 150 : 0;
    });
  });
  afterEach(() => {
    for (const [name, descriptor] of saved.splice(0)) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });

  it('mounts only the rows in view and reveals a message that is not mounted', async () => {
    const many: Message[] = Array.from({ length: 400 }, (_, i) => textMessage(i % 2 === 0 ? 'user' : 'assistant', `message ${i + 1}`));
    expect(many.length).toBeGreaterThanOrEqual(VIRTUALIZE_FROM);
    mount(conversation(many));
    const scroller = screen.getByTestId('conversation-editor');
    let top = 0;
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => top, set: (value: number) => (top = value) });
    scroller.scrollTo = ((options: ScrollToOptions) => {
      top = options.top ?? top;
      scroller.dispatchEvent(new Event('scroll'));
    }) as typeof scroller.scrollTo;

    const mounted = () => document.querySelectorAll('article[data-message-id]').length;
    await frames(2);
    expect(mounted()).toBeGreaterThan(0);
    expect(mounted()).toBeLessThan(20);
    expect(screen.queryByLabelText('Message 301 content', { exact: true })).toBeNull();

    reveal(['messages', 300, 'content']);
    await frames(8);
    expect(document.activeElement).toBe(byName('Message 301 content'));
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('message 301');
    expect(mounted()).toBeLessThan(20);
  });
});
