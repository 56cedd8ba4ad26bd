// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, toolOutput, toolOutputs } from '../../../core/index.ts';
import { byName, messages, mount, type } from '../test/harness.tsx';
import { turnMessages } from '../../../core/index.ts';
import { describeCall, turnCalls } from './turn-calls.ts';

function weather() {
  return conversation([
    textMessage('user', 'Weather in Bern and Basel?'),
    textMessage('assistant', '', {
      toolCalls: [toolCall('get_weather', '{"city": "Bern"}', { callId: 'call_1' }), toolCall('get_weather', '{"city":\n  "Basel"}', { callId: 'call_2' }), toolCall('log', '{}')],
    }),
    textMessage('tool', '12°C', { toolCallId: 'call_1' }),
  ]);
}

function picker(name: string): HTMLSelectElement {
  return screen.getByRole('combobox', { name }) as HTMLSelectElement;
}

describe('turn calls', () => {
  it('lists the calls of the turn up to the message, with name, id and arguments on one line', () => {
    const record = weather();
    const calls = turnCalls(turnMessages(record.messages, 2));
    expect(calls.map(describeCall)).toEqual(['get_weather · call_1 · {"city": "Bern"}', 'get_weather · call_2 · {"city": "Basel"}', 'log · (no id) · {}']);
    expect(turnMessages(record.messages, 0)).toEqual([]);
  });
});

describe('the call a tool result answers', () => {
  it('is picked from the turn’s calls, shown by name, id and arguments', () => {
    mount(weather());
    const select = picker('Call answered by message 3');
    expect(select.value).toBe('call_1');
    expect(select.selectedOptions[0]?.textContent).toBe('get_weather · call_1 · {"city": "Bern"}');
    // A call without an id cannot be answered by id.
    expect([...select.options].find((o) => o.textContent?.startsWith('log'))?.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'call_2' } });
    expect(messages()[2]?.toolCallId).toBe('call_2');
    expect(byName('Message 3 tool call id')).toHaveProperty('value', 'call_2');
  });

  it('still takes a typed id, and shows an id that no call has, with the check’s diagnostic at the field', () => {
    mount(weather());
    type('Message 3 tool call id', 'call_9');
    const select = picker('Call answered by message 3');
    expect(select.selectedOptions[0]?.textContent).toBe('call_9 (no call of this turn)');
    const field = byName('Message 3 tool call id');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toContain('call_9');
    fireEvent.change(select, { target: { value: select.options[0]?.value } });
    expect(messages()[2]).not.toHaveProperty('toolCallId');
  });

  it('works for the tool outputs of a structured assistant message', () => {
    mount(conversation([textMessage('user', 'q'), blocksMessage([toolCalls([toolCall('search', '{"q": "x"}', { callId: 'c1' })]), toolOutputs([toolOutput('found')])])]));
    const select = picker('Call answered by message 2 block 2 tool output 1');
    expect(select.selectedOptions[0]?.textContent).toBe('Choose the call…');
    fireEvent.change(select, { target: { value: 'c1' } });
    const blocks = messages()[1]?.content;
    expect(blocks?.type === 'blocks' && blocks.blocks[1]).toMatchObject({ outputs: [{ callId: 'c1', output: 'found' }] });
  });
});
