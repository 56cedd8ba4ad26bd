import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentRecord, textMessage, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../model/builders.ts';
import { checkToolDefinitions, TOOL_DEFINITION_CODES } from './tool-definitions.ts';
import { callsOf, CALL_ID_CODES, turnMessages } from './call-ids.ts';
import { TOOL_CALL_CODES } from './tool-arguments.ts';
import { validateRecord } from './index.ts';

describe('checkToolDefinitions', () => {
  it('accepts object schemas and tools without parameters', () => {
    expect(checkToolDefinitions([toolDefinition('a', 'd', { type: 'object', properties: {} }), toolDefinition('b')])).toEqual([]);
  });

  it('reports a missing name, a duplicate name and parameters that are not an object schema', () => {
    const diagnostics = checkToolDefinitions([
      toolDefinition('', 'x'),
      toolDefinition('a', 'x', []),
      toolDefinition('a', 'x', { properties: {} }),
      toolDefinition('c', 'x', { type: 'string' }),
    ]);
    expect(diagnostics.map((d) => [d.severity, d.code, d.path, d.message])).toEqual([
      ['error', TOOL_DEFINITION_CODES.noName, ['tools', 0, 'name'], 'Tool 1 has no name.'],
      ['error', TOOL_DEFINITION_CODES.parametersNotObject, ['tools', 1, 'parameters'], 'Parameters must be a JSON Schema object, got array.'],
      ['warning', TOOL_DEFINITION_CODES.duplicateName, ['tools', 2, 'name'], 'Tool "a" is also defined as tool 2; calls will use the first one.'],
      ['error', TOOL_DEFINITION_CODES.parametersType, ['tools', 2, 'parameters'], 'Parameters must have "type": "object" (found no "type").'],
      ['error', TOOL_DEFINITION_CODES.parametersType, ['tools', 3, 'parameters'], 'Parameters must have "type": "object" (found "type": "string").'],
    ]);
  });
});

describe('validateRecord', () => {
  const tools = [toolDefinition('search', 'Search', { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })];

  it('checks calls in blocks and legacy tool calls, with their paths', () => {
    const record = conversation(
      [
        textMessage('user', 'hi'),
        blocksMessage([toolCalls([toolCall('search', '{"q": "a"}'), toolCall('search', '{}')]), toolOutputs([toolOutput('r1'), toolOutput('r2')])]),
        textMessage('assistant', 'x', { toolCalls: [toolCall('search', '{"q": 1')] }),
      ],
      tools,
    );
    expect(validateRecord(record).map((d) => [d.code, d.path])).toEqual([
      [TOOL_CALL_CODES.missing, ['messages', 1, 'content', 'blocks', 0, 'calls', 1, 'arguments']],
      [TOOL_CALL_CODES.syntax, ['messages', 2, 'toolCalls', 0, 'arguments']],
    ]);
  });

  it("gives the right paths after the message moves (memo keyed on the message and its index)", () => {
    const message = blocksMessage([toolCalls([toolCall('search', '{}')])]);
    const first = validateRecord(conversation([message], tools));
    const moved = validateRecord(conversation([textMessage('user', 'x'), message], tools));
    expect(first[0]?.path).toEqual(['messages', 0, 'content', 'blocks', 0, 'calls', 0, 'arguments']);
    expect(moved[0]?.path).toEqual(['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments']);
  });

  it('checks each message afresh with once: true (the command line), with the same findings', () => {
    const call = toolCall('search', '{}');
    const record = conversation([blocksMessage([toolCalls([call])])], tools);
    const memoised = validateRecord(record);
    expect(validateRecord(record, { once: true })).toEqual(memoised);
    // The app never changes a message in place (immer makes a new one), so the memo would
    // give the old findings here; a one-shot check must not read it.
    call.arguments = '{"q": "a"}';
    expect(validateRecord(record)).toEqual(memoised);
    expect(validateRecord(record, { once: true })).toEqual([]);
  });

  it('reports call ids that answer no call of the turn', () => {
    const record = conversation([
      textMessage('user', 'hi'),
      blocksMessage([toolCalls([toolCall('search', '{"q": "a"}', { callId: 'c1' })]), toolOutputs([toolOutput('r', { callId: 'c1' }), toolOutput('r', { callId: 'c9' })])]),
      textMessage('tool', 'r', { toolCallId: 'c1' }),
      textMessage('user', 'again'),
      textMessage('tool', 'r', { toolCallId: 'c1' }),
    ]);
    expect(validateRecord(record).map((d) => [d.code, d.path, d.message])).toEqual([
      [CALL_ID_CODES.unknownCallId, ['messages', 1, 'content', 'blocks', 1, 'outputs', 1, 'callId'], 'No tool call of this turn has the id "c9" (call ids: c1).'],
      // messages[2] answers c1 again: the output of messages[1] already did.
      [CALL_ID_CODES.duplicateCallId, ['messages', 2, 'toolCallId'], 'The call "c1" is already answered by the result at messages[1].content.blocks[1].outputs[0]; a call has one result.'],
      [CALL_ID_CODES.unknownCallId, ['messages', 4, 'toolCallId'], 'No tool call of this turn has the id "c1" (its calls have no ids).'],
    ]);
  });

  it('warns about a result with no id when the calls of its turn have ids', () => {
    const record = conversation([
      textMessage('user', 'hi'),
      textMessage('assistant', '', { toolCalls: [toolCall('search', '{"q": "a"}', { callId: 'c1' })] }),
      textMessage('tool', 'r'),
      blocksMessage([toolCalls([toolCall('search', '{"q": "b"}', { callId: 'c2' })]), toolOutputs([toolOutput('r')])]),
    ], tools);
    expect(validateRecord(record).map((d) => [d.severity, d.code, d.path])).toEqual([
      ['warning', CALL_ID_CODES.missingCallId, ['messages', 2, 'toolCallId']],
      ['warning', CALL_ID_CODES.missingCallId, ['messages', 3, 'content', 'blocks', 1, 'outputs', 0, 'callId']],
    ]);
  });

  it('accepts results without ids when the calls have none, and legacy function messages', () => {
    const record = conversation([
      textMessage('user', 'hi'),
      textMessage('assistant', '', { toolCalls: [toolCall('search', '{"q": "a"}')] }),
      textMessage('tool', 'r'),
      textMessage('assistant', '', { toolCalls: [toolCall('search', '{"q": "b"}', { callId: 'c1' })] }),
      textMessage('function', 'r', { name: 'search' }),
    ], tools);
    expect(validateRecord(record)).toEqual([]);
  });

  it('reports a call that no result answers when results follow it, not calls still waiting at the end', () => {
    const record = conversation([
      textMessage('user', 'hi'),
      blocksMessage([toolCalls([toolCall('search', '{"q": "a"}', { callId: 'c1' }), toolCall('search', '{"q": "b"}', { callId: 'c2' })])]),
      textMessage('tool', 'r', { toolCallId: 'c2' }),
      textMessage('user', 'next'),
      textMessage('assistant', '', { toolCalls: [toolCall('search', '{"q": "c"}', { callId: 'c3' })] }),
    ], tools);
    const found = validateRecord(record);
    expect(found.map((d) => [d.severity, d.code, d.path])).toEqual([['error', CALL_ID_CODES.unanswered, ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'callId']]]);
    expect(found[0]?.message).toBe('No result answers the call "c1", though the conversation goes on after it; a model trained on it learns to go on without the tool\'s answer, and OpenAI and Anthropic refuse a request whose results do not answer every call.');
  });

  it('gives the turn of a message (its calls are what a picker offers), and nothing outside a turn', () => {
    const messages = [
      textMessage('user', 'hi'),
      textMessage('assistant', '', { toolCalls: [toolCall('a', '{}', { callId: 'x' })] }),
      textMessage('tool', 'r'),
      blocksMessage([toolCalls([toolCall('b', '{}', { callId: 'y' }), toolCall('b', '{}')])]),
      textMessage('user', 'next'),
    ];
    expect(turnMessages(messages, 3)).toEqual(messages.slice(1, 4));
    expect(turnMessages(messages, 3).flatMap(callsOf).map((call) => call.callId)).toEqual(['x', 'y', undefined]);
    expect(turnMessages(messages, 4)).toEqual([]);
    // A legacy function message belongs to the turn, as the call-id checks count it.
    const legacy = [textMessage('user', 'q'), textMessage('assistant', 'a'), textMessage('function', 'r')];
    expect(turnMessages(legacy, 2)).toEqual(legacy.slice(1));
  });

  it('has nothing to say about documents', () => {
    expect(validateRecord(documentRecord([]))).toEqual([]);
  });
});
