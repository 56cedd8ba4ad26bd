// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { blocksMessage, conversation, response, textMessage, thoughts } from '../../../core/index.ts';
import { messages, mount } from '../test/harness.tsx';

function choose(message: number, kind: string) {
  const group = screen.getByRole('radiogroup', { name: `Message ${message} content kind` });
  fireEvent.click(within(group).getByRole('radio', { name: kind }));
}

const content = (i: number) => JSON.parse(JSON.stringify(messages()[i]?.content, (k, v: unknown) => (k === 'id' ? undefined : v))) as unknown;

describe('switching content kinds', () => {
  it('keeps the text: text → parts → text', () => {
    mount(conversation([textMessage('user', 'Explain ML')]));
    choose(1, 'Parts');
    expect(content(0)).toEqual({ type: 'parts', parts: [{ type: 'text', text: 'Explain ML' }] });
    expect((screen.getByLabelText('Message 1 part 1 text', { exact: true }) as HTMLTextAreaElement).value).toBe('Explain ML');
    choose(1, 'Text');
    expect(content(0)).toEqual({ type: 'text', text: 'Explain ML' });
  });

  it('keeps the text: assistant text → blocks (one response) → text', () => {
    mount(conversation([textMessage('user', 'q'), textMessage('assistant', 'The answer')]));
    choose(2, 'Blocks');
    expect(content(1)).toEqual({ type: 'blocks', blocks: [{ type: 'response', text: 'The answer' }] });
    choose(2, 'Text');
    expect(content(1)).toEqual({ type: 'text', text: 'The answer' });
  });

  it('offers blocks only to assistant messages (or messages that have them)', () => {
    mount(conversation([textMessage('user', 'q'), textMessage('assistant', 'a')]));
    expect(within(screen.getByRole('radiogroup', { name: 'Message 1 content kind' })).queryByRole('radio', { name: 'Blocks' })).toBeNull();
    expect(within(screen.getByRole('radiogroup', { name: 'Message 2 content kind' })).getByRole('radio', { name: 'Blocks' })).toBeTruthy();
  });

  it('asks before flattening blocks into text; Cancel keeps them, Switch flattens with the Apertus tokens', () => {
    mount(conversation([textMessage('user', 'q'), blocksMessage([thoughts('Hmm.'), response('Yes.')])]));
    choose(2, 'Text');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("The 2 blocks will be flattened into one text with the format's special tokens.");
    expect(messages()[1]?.content?.type).toBe('blocks');
    fireEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(messages()[1]?.content?.type).toBe('blocks');
    choose(2, 'Text');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Switch to text' }));
    expect(content(1)).toEqual({ type: 'text', text: '<|inner_prefix|>Hmm.<|inner_suffix|>Yes.' });
  });

  it('None sets content: null, asking first when there is text', () => {
    mount(conversation([textMessage('user', 'q')]));
    choose(1, 'None');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Switch to none' }));
    expect(messages()[0]?.content).toBeNull();
    expect(screen.getByText(/No content \(content: null\)/)).toBeTruthy();
  });
});
