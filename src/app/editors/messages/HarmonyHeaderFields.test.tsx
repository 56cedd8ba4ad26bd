// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { conversation, textMessage, toolDefinition } from '../../../core/index.ts';
import { undo, useAppStore } from '../../store/index.ts';
import { byName, messages, mount } from '../test/harness.tsx';

const harmony = () => act(() => useAppStore.getState().setFormat('harmony'));

describe('harmony header fields', () => {
  it('edit the channel, recipient and content type of an assistant message in harmony, each named by its path', () => {
    mount(conversation([textMessage('user', 'Weather?'), textMessage('assistant', '{"city": "Bern"}')], [toolDefinition('get_weather')]));
    harmony();
    const channel = byName('Message 2 channel') as HTMLSelectElement;
    expect(channel.value).toBe('');
    fireEvent.change(channel, { target: { value: 'commentary' } });
    fireEvent.change(byName('Message 2 recipient'), { target: { value: 'functions.get_weather' } });
    fireEvent.change(byName('Message 2 content type'), { target: { value: '<|constrain|>json' } });
    expect(messages()[1]).toMatchObject({ channel: 'commentary', recipient: 'functions.get_weather', contentType: '<|constrain|>json' });
    expect(byName('Message 2 channel').getAttribute('data-field-path')).toBe('messages[1].channel');
    // The record's function tools are offered as recipients.
    expect(document.querySelector('datalist option[value="functions.get_weather"]')).not.toBeNull();
    // "none" is null (the header has no channel); the default removes the field.
    fireEvent.change(channel, { target: { value: '(none)' } });
    expect(messages()[1]?.channel).toBeNull();
    act(() => undo());
    expect(messages()[1]?.channel).toBe('commentary');
    fireEvent.change(byName('Message 2 channel'), { target: { value: '' } });
    expect(messages()[1]).not.toHaveProperty('channel');
    // A user message gets no header fields.
    expect(screen.queryByRole('combobox', { name: 'Message 1 channel' })).toBeNull();
  });

  it('are hidden in other formats unless set; set fields stay visible and removable', () => {
    mount(conversation([textMessage('assistant', 'A'), textMessage('assistant', 'B', { recipient: 'python' })]));
    expect(screen.queryByRole('combobox', { name: 'Message 1 channel' })).toBeNull();
    fireEvent.change(byName('Message 2 recipient'), { target: { value: '' } });
    expect(messages()[1]).not.toHaveProperty('recipient');
    expect(screen.queryByRole('combobox', { name: 'Message 2 channel' })).toBeNull();
  });
});
