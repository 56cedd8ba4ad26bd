/**
 * Calls and results paired (issue 21): a call that no result answers before the conversation
 * goes on, and a result that answers no call, are errors, whether the pairing is by id or, in
 * data without ids (ChatML, Llama 3.1 and harmony results come by position), by order.
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../model/builders.ts';
import { CALL_ID_CODES } from './call-ids.ts';
import { validateRecord } from './index.ts';
import { TOOL_CALL_CODES } from './tool-arguments.ts';

const tools = [toolDefinition('search', 'Search.', { type: 'object', properties: { q: { type: 'string' } } })];
const call = (fields: Parameters<typeof toolCall>[2] = {}) => toolCall('search', '{"q": "a"}', fields);
const found = (messages: Parameters<typeof conversation>[0]) => validateRecord(conversation(messages, tools)).map((d) => [d.severity, d.code, d.path]);

describe('calls and their results', () => {
  it('pairs results without ids with the calls in order, across messages and blocks', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call(), call()] }), textMessage('tool', 'r1'), textMessage('tool', 'r2'), textMessage('assistant', 'done'), textMessage('user', 'thanks')])).toEqual([]);
    expect(found([textMessage('user', 'hi'), blocksMessage([toolCalls([call()]), toolOutputs([toolOutput('r')]), toolCalls([call()])]), textMessage('tool', 'r2'), textMessage('user', 'ok')])).toEqual([]);
  });

  it('is an error when a call without an id is left unanswered and the conversation goes on', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call()] }), textMessage('user', 'next')])).toEqual([['error', CALL_ID_CODES.unanswered, ['messages', 1, 'toolCalls', 0]]]);
    // Two calls, one result (by position it answers the first): the second is left.
    expect(found([textMessage('user', 'hi'), blocksMessage([toolCalls([call(), call()])]), textMessage('tool', 'r'), textMessage('assistant', 'so')])).toEqual([['error', CALL_ID_CODES.unanswered, ['messages', 1, 'content', 'blocks', 0, 'calls', 1]]]);
    // The assistant goes on in the same turn without the result.
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call()] }), textMessage('assistant', 'It is sunny.')])).toEqual([['error', CALL_ID_CODES.unanswered, ['messages', 1, 'toolCalls', 0]]]);
  });

  it('is an error when a call with an id is left unanswered and the conversation goes on, with no results at all', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call({ callId: 'c1' })] }), textMessage('user', 'next')])).toEqual([['error', CALL_ID_CODES.unanswered, ['messages', 1, 'toolCalls', 0, 'callId']]]);
  });

  it('accepts calls followed by nothing but results to the end of the record: the transcript stops where the tools are still running', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call(), call({ callId: 'c2' })] })])).toEqual([]);
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call(), call()] }), textMessage('tool', 'r1')])).toEqual([]);
    // An assistant message between a call and its result: the result still answers it, in order.
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call()] }), textMessage('assistant', 'Looking.'), textMessage('tool', 'r')])).toEqual([]);
  });

  it('is an error when a result answers no call: none left in its turn, or none in a turn at all', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', 'hello'), textMessage('tool', 'r')])).toEqual([['error', CALL_ID_CODES.resultWithoutCall, ['messages', 2]]]);
    expect(found([textMessage('user', 'hi'), textMessage('tool', 'r')])).toEqual([['error', CALL_ID_CODES.resultWithoutCall, ['messages', 1]]]);
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call()] }), textMessage('tool', 'r1'), textMessage('tool', 'r2')])).toEqual([['error', CALL_ID_CODES.resultWithoutCall, ['messages', 3]]]);
    expect(found([textMessage('user', 'hi'), blocksMessage([toolOutputs([toolOutput('r')]), toolCalls([call()])])])).toEqual([['error', CALL_ID_CODES.resultWithoutCall, ['messages', 1, 'content', 'blocks', 0, 'outputs', 0]]]);
    // With an id that no call of its turn has: the existing code, now an error.
    expect(found([textMessage('user', 'hi'), textMessage('tool', 'r', { toolCallId: 'c1' })])).toEqual([['error', CALL_ID_CODES.unknownCallId, ['messages', 1, 'toolCallId']]]);
  });

  it('pairs a call with a Llama 3.1 ipython result', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [call()] }), textMessage('ipython', '{"r": 1}'), textMessage('assistant', 'ok')])).toEqual([]);
  });

  it('pairs a harmony tool call (an assistant message with a recipient) with its result', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '{"q": "a"}', { recipient: 'functions.search', channel: 'commentary' }), textMessage('tool', 'r', { name: 'functions.search' }), textMessage('assistant', 'ok')])).toEqual([]);
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '{"q": "a"}', { recipient: 'functions.search' }), textMessage('user', 'next')])).toEqual([['error', CALL_ID_CODES.unanswered, ['messages', 1, 'recipient']]]);
  });

  it('makes a call to a tool that is not defined an error when tools are defined, and says nothing without definitions', () => {
    expect(found([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [toolCall('nope', '{}')] })])).toEqual([['error', TOOL_CALL_CODES.unknownTool, ['messages', 1, 'toolCalls', 0, 'name']]]);
    expect(validateRecord(conversation([textMessage('user', 'hi'), textMessage('assistant', '', { toolCalls: [toolCall('nope', '{}')] })]))).toEqual([]);
  });
});
