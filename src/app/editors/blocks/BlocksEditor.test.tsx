// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, toolDefinition } from '../../../core/index.ts';
import { byName, click, frames, messages, mount, type } from '../test/harness.tsx';

const blocks = (i: number) => {
  const content = messages()[i]?.content;
  return content?.type === 'blocks' ? content.blocks : [];
};

describe('assistant blocks editor', () => {
  it('builds a turn from an empty structured message: thoughts, a tool call, its output, a response', async () => {
    mount(conversation([textMessage('user', 'What is 2+2?'), blocksMessage([])]));
    click('Add thoughts to message 2');
    await frames();
    expect(document.activeElement).toBe(byName('Message 2 block 1 text'));
    type('Message 2 block 1 text', 'I need to calculate this.');
    click('Add tool calls to message 2');
    type('Message 2 block 2 tool call 1 name', 'calculator');
    type('Message 2 block 2 tool call 1 arguments', '{"expr": "2+2"}');
    click('Add tool outputs to message 2');
    type('Message 2 block 3 tool output 1 output', '4');
    click('Add response to message 2');
    type('Message 2 block 4 text', 'The answer is 4.');
    expect(blocks(1).map((b) => b.type)).toEqual(['thoughts', 'tool_calls', 'tool_outputs', 'response']);
    expect(blocks(1)[1]).toMatchObject({ calls: [{ name: 'calculator', arguments: '{"expr": "2+2"}' }] });
    expect(blocks(1)[2]).toMatchObject({ outputs: [{ output: '4' }] });
  });

  it('reorders and removes blocks', () => {
    mount(conversation([blocksMessage([])]));
    click('Add response to message 1');
    click('Add thoughts to message 1');
    click('Move message 1 block 2 up');
    expect(blocks(0).map((b) => b.type)).toEqual(['thoughts', 'response']);
    click('Duplicate message 1 block 1');
    click('Remove message 1 block 3');
    expect(blocks(0).map((b) => b.type)).toEqual(['thoughts', 'thoughts']);
    expect(blocks(0)[0]?.id).not.toBe(blocks(0)[1]?.id);
  });

  it('sets the thought kind (reflect / introspect / reason) and clears it', () => {
    mount(conversation([blocksMessage([])]));
    click('Add thoughts to message 1');
    fireEvent.change(byName('Message 1 block 1 thought kind'), { target: { value: 'reflect' } });
    expect(blocks(0)[0]).toMatchObject({ type: 'thoughts', kind: 'reflect' });
    fireEvent.change(byName('Message 1 block 1 thought kind'), { target: { value: '' } });
    expect(blocks(0)[0]).not.toHaveProperty('kind');
  });

  it('shows JSON syntax errors of tool call arguments at the field, with line and column', () => {
    mount(conversation([blocksMessage([toolCalls([toolCall('calc', '{}')])])]));
    type('Message 1 block 1 tool call 1 arguments', '{\n  "expr": "2+2",\n}');
    const field = byName('Message 1 block 1 tool call 1 arguments');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain("Arguments are not valid JSON: Trailing comma before '}' at line 2, column 16.");
    // A new error is announced once.
    expect(within(described as HTMLElement).getByRole('alert').textContent).toContain('line 2, column 16');
    expect((screen.getByRole('button', { name: 'Pretty-print message 1 block 1 tool call 1 arguments' }) as HTMLButtonElement).disabled).toBe(true);
    type('Message 1 block 1 tool call 1 arguments', '{"expr":"2+2"}');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBeNull();
  });

  it('pretty-prints and compacts arguments without reordering keys', () => {
    mount(conversation([blocksMessage([toolCalls([toolCall('calc', '{"b":1,"a":[1,2]}')])])]));
    click('Pretty-print message 1 block 1 tool call 1 arguments');
    expect(blocks(0)[0]).toMatchObject({ calls: [{ arguments: '{\n  "b": 1,\n  "a": [\n    1,\n    2\n  ]\n}' }] });
    click('Compact message 1 block 1 tool call 1 arguments');
    expect(blocks(0)[0]).toMatchObject({ calls: [{ arguments: '{"b": 1, "a": [1, 2]}' }] });
  });

  it('checks calls against the tool definitions and suggests the defined names', () => {
    const tools = [toolDefinition('get_weather', 'Weather', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false })];
    mount(conversation([blocksMessage([toolCalls([toolCall('get_weather', '{"city": "Bern"}')])])], tools));
    type('Message 1 block 1 tool call 1 arguments', '{"town": 3}');
    const describedBy = byName('Message 1 block 1 tool call 1 arguments').getAttribute('aria-describedby') ?? '';
    const text = document.getElementById(describedBy)?.textContent ?? '';
    expect(text).toContain('Missing required argument "city" (tool "get_weather").');
    expect(text).toContain('Unknown argument "town" (known: city) (tool "get_weather").');
    type('Message 1 block 1 tool call 1 name', 'get_wether');
    const nameField = byName('Message 1 block 1 tool call 1 name');
    expect(document.getElementById(nameField.getAttribute('aria-describedby') ?? '')?.textContent).toContain('No tool named "get_wether" is defined (defined: get_weather).');
    const list = document.getElementById(nameField.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['get_weather']);
  });

  it('edits calls, call ids and outputs, with the turn’s call ids suggested', () => {
    mount(conversation([blocksMessage([toolCalls([toolCall('a', '{}', { callId: 'call_a' })])])]));
    click('Add tool call to message 1 block 1');
    type('Message 1 block 1 tool call 2 call id', 'call_b');
    click('Add tool outputs to message 1');
    type('Message 1 block 2 tool output 1 call id', 'call_b');
    fireEvent.click(byName('Message 1 block 2 tool output 1 error'));
    expect(blocks(0)[0]).toMatchObject({ calls: [{ callId: 'call_a' }, { callId: 'call_b', name: '' }] });
    expect(blocks(0)[1]).toMatchObject({ outputs: [{ callId: 'call_b', isError: true }] });
    const list = document.getElementById(byName('Message 1 block 2 tool output 1 call id').getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['call_a', 'call_b']);
    type('Message 1 block 1 tool call 2 call id', '');
    expect(blocks(0)[0]).toMatchObject({ calls: [{}, { name: '' }] });
    expect((blocks(0)[0] as { calls: object[] }).calls[1]).not.toHaveProperty('callId');
  });

  it('starts a new tool call with empty arguments, every way one is added (typing after a click gives what was typed, not {}{…})', () => {
    mount(conversation([textMessage('user', 'q'), blocksMessage([])]));
    click('Add tool calls to message 2');
    click('Add tool call to message 2 block 1');
    expect((byName('Message 2 block 1 tool call 1 arguments') as HTMLTextAreaElement).value).toBe('');
    expect((byName('Message 2 block 1 tool call 2 arguments') as HTMLTextAreaElement).value).toBe('');
  });

  it('starts a new OpenAI-style tool call with empty arguments', () => {
    mount(conversation([textMessage('user', 'q'), textMessage('assistant', 'Let me look.')]));
    click('Add OpenAI-style tool call to message 2');
    expect(messages()[1]?.toolCalls).toMatchObject([{ arguments: '' }]);
  });

  it('edits OpenAI-style tool calls on a message with the same editor', () => {
    mount(conversation([textMessage('user', 'q'), textMessage('assistant', 'Let me look.')]));
    click('Add OpenAI-style tool call to message 2');
    type('Message 2 tool call 1 name', 'search');
    type('Message 2 tool call 1 arguments', '{"q": "x"}');
    expect(messages()[1]?.toolCalls).toMatchObject([{ name: 'search', arguments: '{"q": "x"}' }]);
    click('Add OpenAI-style tool call to message 2');
    click('Remove message 2 tool call 1');
    expect(messages()[1]?.toolCalls).toMatchObject([{ name: '' }]);
  });

  it('shows unknown blocks read-only as JSON, removable', () => {
    mount(conversation([blocksMessage([{ id: 'u', type: 'unknown', sourceType: 'citation', raw: { type: 'citation', url: 'https://example.org' } }])]));
    const section = screen.getByRole('group', { name: 'Message 1 block 1' });
    expect(section.textContent).toContain('"url": "https://example.org"');
    expect(within(section).queryByRole('textbox')).toBeNull();
    click('Remove message 1 block 1');
    expect(blocks(0)).toEqual([]);
  });
});
