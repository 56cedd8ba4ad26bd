// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { conversation, textMessage } from '../../../core/index.ts';
import { undo, useAppStore } from '../../store/index.ts';
import { findField } from '../navigation/field-registry.ts';
import { byName, messages, mount } from '../test/harness.tsx';

const openChatMl = () => act(() => useAppStore.getState().setFormat('openchatml'));
const flags = (i: number) => messages()[i]?.thoughtFlags;

describe('thought flags', () => {
  it('edits the flags of a system message in OpenChatML, in the written order, one undo step per click', () => {
    mount(conversation([textMessage('system', 'You are helpful.'), textMessage('user', 'Hi')]));
    openChatMl();
    expect(screen.getByRole('group', { name: 'Message 1 thought flags' })).toBeTruthy();
    fireEvent.click(byName('Message 1 thought flag reason'));
    fireEvent.click(byName('Message 1 thought flag reflect'));
    expect(flags(0)).toEqual(['reflect', 'reason']);
    expect((byName('Message 1 thought flag introspect') as HTMLInputElement).checked).toBe(false);
    expect(byName('Message 1 thought flag reason').getAttribute('data-field-path')).toBe('messages[0].thoughtFlags.reason');
    act(() => undo());
    expect(flags(0)).toEqual(['reason']);
    fireEvent.click(byName('Message 1 thought flag reason'));
    // No flag left: the field is removed, not kept as [].
    expect(messages()[0]).not.toHaveProperty('thoughtFlags');
    // Only system messages get the control.
    expect(screen.queryByRole('group', { name: 'Message 2 thought flags' })).toBeNull();
  });

  it('a flag token\'s path in the render (its place in the list) finds its checkbox', () => {
    mount(conversation([textMessage('system', 'S', { thoughtFlags: ['reflect', 'reason'] })]));
    openChatMl();
    // OpenChatML marks `<|reason|>` with messages[0].thoughtFlags[1]: a click there focuses "reason".
    expect(findField(['messages', 0, 'thoughtFlags', 1])?.element).toBe(byName('Message 1 thought flag reason'));
    expect(findField(['messages', 0, 'thoughtFlags', 0])?.element).toBe(byName('Message 1 thought flag reflect'));
  });

  it('is hidden in other formats unless flags are set; set flags stay visible (and removable) anywhere', () => {
    mount(conversation([textMessage('system', 'S'), textMessage('user', 'U', { thoughtFlags: ['reason'] })]));
    expect(screen.queryByRole('group', { name: 'Message 1 thought flags' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Message 2 thought flags' })).toBeTruthy();
    fireEvent.click(byName('Message 2 thought flag reason'));
    expect(messages()[1]).not.toHaveProperty('thoughtFlags');
    expect(screen.queryByRole('group', { name: 'Message 2 thought flags' })).toBeNull();
  });

  it('shows OpenChatML\'s diagnostic about flags on a non-system message under the control', () => {
    mount(conversation([textMessage('user', 'U', { thoughtFlags: ['reflect'] })]));
    openChatMl();
    expect(screen.getByRole('group', { name: 'Message 1 thought flags' }).textContent).toMatch(/system prompt/);
  });
});
