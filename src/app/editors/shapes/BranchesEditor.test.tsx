// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { conversation, findCodec, textMessage, type Conversation, type Message } from '../../../core/index.ts';
import { byName, click, mount, record, type } from '../test/harness.tsx';

function preference(): Conversation {
  return { ...conversation([textMessage('user', 'The sky is')]), branches: { chosen: [textMessage('assistant', ' blue.')], rejected: [textMessage('assistant', ' green.')] } };
}

const texts = (list: readonly Message[] | undefined) => (list ?? []).map((m) => (m.content?.type === 'text' ? m.content.text : m.content?.type));
const current = () => record() as Conversation;

describe('the branches of a training record', () => {
  it('shows the shared prompt once and each branch with the message editors, editing the branch it belongs to', async () => {
    mount(preference());
    await screen.findByRole('region', { name: 'Rejected' });
    expect(within(screen.getByRole('region', { name: 'Shared prompt' })).getByLabelText('Message 1 content', { exact: true })).toBeDefined();
    const rejected = screen.getByRole('region', { name: 'Rejected' });
    expect((within(rejected).getByLabelText('Rejected message 1 content', { exact: true }) as HTMLTextAreaElement).value).toBe(' green.');
    type('Rejected message 1 content', ' grey.');
    expect(texts(current().branches?.rejected)).toEqual([' grey.']);
    expect(texts(current().branches?.chosen)).toEqual([' blue.']);
    expect(texts(current().messages)).toEqual(['The sky is']);
    type('Chosen message 1 content', ' deep blue.');
    expect(texts(current().branches?.chosen)).toEqual([' deep blue.']);
  });

  it('adds a message to a branch and deletes one from it', async () => {
    mount(preference());
    await screen.findByRole('region', { name: 'Rejected' });
    click('Add message to rejected');
    expect(current().branches?.rejected?.map((m) => m.role)).toEqual(['assistant', 'user']);
    click('Delete rejected message 1');
    expect(current().branches?.rejected?.map((m) => m.role)).toEqual(['user']);
    expect(texts(current().branches?.chosen)).toEqual([' blue.']);
  });

  it('shows a KTO label and sets it to either value (false is a label, not its absence)', async () => {
    mount({ ...conversation([textMessage('user', 'Q')]), branches: { completion: [textMessage('assistant', 'A')] }, label: false });
    await screen.findByRole('region', { name: 'Completion' });
    const label = byName('KTO label') as HTMLInputElement;
    expect(label.checked).toBe(false);
    fireEvent.click(label);
    expect(current().label).toBe(true);
    fireEvent.click(byName('KTO label'));
    expect(current().label).toBe(false);
    expect(screen.getByRole('region', { name: 'Completion' })).toBeDefined();
  });

  it('shows a plain-text preference record (trl standard) as the prompt in a user turn and each completion in an assistant turn', async () => {
    const decoded = findCodec('openai-chat')?.decode({ prompt: 'The sky is', chosen: ' blue.', rejected: ' green.' });
    mount(decoded?.record as Conversation);
    await screen.findByRole('region', { name: 'Rejected' });
    expect((byName('Message 1 role') as HTMLSelectElement).value).toBe('user');
    expect((byName('Message 1 content') as HTMLTextAreaElement).value).toBe('The sky is');
    expect((byName('Chosen message 1 role') as HTMLSelectElement).value).toBe('assistant');
    expect((byName('Rejected message 1 content') as HTMLTextAreaElement).value).toBe(' green.');
    type('Rejected message 1 content', ' grey.');
    expect(findCodec('openai-chat')?.encode(record()).json).toEqual({ prompt: 'The sky is', chosen: ' blue.', rejected: ' grey.' });
  });

  it('shows a KTO record without branches as one conversation with its label', async () => {
    mount({ ...conversation([textMessage('user', 'Q'), textMessage('assistant', 'A')]), label: true });
    expect(((await screen.findByLabelText('KTO label', { exact: true })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('region', { name: 'Shared prompt' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Conversation' })).getByLabelText('Message 2 content', { exact: true })).toBeDefined();
  });

  it('shows an ordinary conversation without branch sections', () => {
    mount(conversation([textMessage('user', 'Q')]));
    expect(screen.queryByRole('region', { name: 'Shared prompt' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chosen' })).toBeNull();
  });
});
