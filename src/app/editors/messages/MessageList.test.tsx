// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { conversation, textMessage } from '../../../core/index.ts';
import { byName, click, frames, messages, mount, type } from '../test/harness.tsx';

function chat() {
  return conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Hello'), textMessage('assistant', 'Hi!')]);
}

const summary = () => messages().map((m) => `${m.role}:${m.content?.type === 'text' ? m.content.text : m.content?.type}`);

describe('message list', () => {
  it('adds a message of each role at the end and focuses it', async () => {
    mount(chat());
    for (const role of ['system', 'developer', 'user', 'assistant', 'tool']) click(`Add ${role} message`);
    expect(messages().map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'system', 'developer', 'user', 'assistant', 'tool']);
    await frames();
    expect(document.activeElement).toBe(byName('Message 8 content'));
  });

  it('deletes, duplicates and moves messages with their buttons', () => {
    mount(chat());
    click('Duplicate message 2');
    expect(summary()).toEqual(['system:Be brief.', 'user:Hello', 'user:Hello', 'assistant:Hi!']);
    expect(new Set(messages().map((m) => m.id)).size).toBe(4);
    click('Move message 4 up');
    expect(summary()).toEqual(['system:Be brief.', 'user:Hello', 'assistant:Hi!', 'user:Hello']);
    click('Move message 1 down');
    expect(summary()).toEqual(['user:Hello', 'system:Be brief.', 'assistant:Hi!', 'user:Hello']);
    click('Delete message 1');
    expect(summary()).toEqual(['system:Be brief.', 'assistant:Hi!', 'user:Hello']);
    expect((screen.getByRole('button', { name: 'Move message 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move message 3 down' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves a message with Alt+ArrowUp/Down and keeps focus on the same field', async () => {
    mount(chat());
    const field = byName('Message 2 content');
    field.focus();
    fireEvent.keyDown(field, { key: 'ArrowDown', altKey: true });
    expect(summary()).toEqual(['system:Be brief.', 'assistant:Hi!', 'user:Hello']);
    await frames();
    expect(document.activeElement).toBe(byName('Message 3 content'));
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('Hello');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp', altKey: true });
    expect(summary()).toEqual(['system:Be brief.', 'user:Hello', 'assistant:Hi!']);
  });

  it('Ctrl+Enter adds the usual next message after the current one and focuses it', async () => {
    mount(chat());
    fireEvent.keyDown(byName('Message 2 content'), { key: 'Enter', ctrlKey: true });
    expect(summary()).toEqual(['system:Be brief.', 'user:Hello', 'assistant:', 'assistant:Hi!']);
    await frames();
    expect(document.activeElement).toBe(byName('Message 3 content'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter', metaKey: true });
    expect(messages()[3]?.role).toBe('user');
  });

  it('edits role and speaker name; an unknown role is shown and editable as text', () => {
    mount(conversation([textMessage('narrator', 'Once upon a time'), textMessage('user', 'Hi')]));
    expect((byName('Message 1 role') as HTMLSelectElement).value).toBe('__other__');
    expect((byName('Message 1 custom role') as HTMLInputElement).value).toBe('narrator');
    type('Message 1 custom role', 'storyteller');
    expect(messages()[0]?.role).toBe('storyteller');
    fireEvent.change(byName('Message 1 role'), { target: { value: 'system' } });
    expect(messages()[0]?.role).toBe('system');
    expect(screen.queryByLabelText('Message 1 custom role')).toBeNull();
    type('Message 2 name', 'Alice');
    expect(messages()[1]?.name).toBe('Alice');
    type('Message 2 name', '');
    expect(messages()[1]).not.toHaveProperty('name');
  });

  it('typing into text content writes the text and keeps the system mapping flag', () => {
    mount(conversation([{ id: 's', role: 'system', content: { type: 'text', text: 'A', mapping: true } }]));
    type('Message 1 content', 'A longer prompt');
    expect(messages()[0]?.content).toEqual({ type: 'text', text: 'A longer prompt', mapping: true });
    fireEvent.click(byName('Message 1 content mapping form'));
    expect(messages()[0]?.content).toEqual({ type: 'text', text: 'A longer prompt' });
  });

  it('edits tool messages: content, call id (suggesting the turn’s call ids) and error flag', () => {
    mount(conversation([textMessage('user', 'q'), textMessage('assistant', '', { toolCalls: [{ id: 'c', name: 'f', arguments: '{}', callId: 'call_1' }] }), textMessage('tool', '42')]));
    type('Message 3 tool call id', 'call_1');
    fireEvent.click(byName('Message 3 error'));
    expect(messages()[2]).toMatchObject({ toolCallId: 'call_1', isError: true });
    const list = document.getElementById(byName('Message 3 tool call id').getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['call_1']);
  });
});
