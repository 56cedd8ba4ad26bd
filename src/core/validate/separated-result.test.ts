/**
 * A tool result separated from its call by a message of another turn (litellm's Codex case: a
 * user message between a call and its result). The APIs refuse it; the fix moves the result
 * next to its call.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage, toolCall } from '../model/builders.ts';
import type { Conversation } from '../model/types.ts';
import { applyFix } from '../fix/apply.ts';
import { CALL_ID_CODES } from './call-ids.ts';
import { validateRecord } from './index.ts';

const call = (callId: string) => toolCall('shell', '{"cmd": "ls"}', { callId });

function codexCase(): Conversation {
  return conversation([
    textMessage('user', 'List the files.'),
    textMessage('assistant', '', { toolCalls: [call('call_1')] }),
    textMessage('user', 'Only the text files, please.'),
    textMessage('tool', 'a.txt', { toolCallId: 'call_1' }),
    textMessage('assistant', 'There is a.txt.'),
  ]);
}

describe('a tool result separated from its call', () => {
  it('is one error at the result, naming the call, with a fix (not an unanswered call plus an unknown id)', () => {
    const found = validateRecord(codexCase());
    expect(found.map((d) => [d.severity, d.code, d.path])).toEqual([['error', CALL_ID_CODES.separatedResult, ['messages', 3, 'toolCallId']]]);
    expect(found[0]?.message).toContain('messages[1]');
    expect(found[0]?.fix?.label).toBe('Move the result next to its call');
  });

  it('is fixed by moving the result right after its call, after which nothing is reported', () => {
    const record = codexCase();
    const fix = validateRecord(record)[0]?.fix;
    expect(fix).toBeDefined();
    const fixed = applyFix(record, fix!) as Conversation;
    expect(fixed.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
    expect(fixed.messages[2]?.toolCallId).toBe('call_1');
    expect(validateRecord(fixed)).toEqual([]);
  });

  it('goes after the results already next to the call', () => {
    const record = conversation([
      textMessage('user', 'go'),
      textMessage('assistant', '', { toolCalls: [call('a'), call('b')] }),
      textMessage('tool', 'ra', { toolCallId: 'a' }),
      textMessage('user', 'and?'),
      textMessage('tool', 'rb', { toolCallId: 'b' }),
    ]);
    const found = validateRecord(record);
    expect(found.map((d) => [d.code, d.path])).toEqual([[CALL_ID_CODES.separatedResult, ['messages', 4, 'toolCallId']]]);
    const fixed = applyFix(record, found[0]!.fix!) as Conversation;
    expect(fixed.messages.map((m) => m.toolCallId ?? m.role)).toEqual(['user', 'assistant', 'a', 'b', 'user']);
  });

  it('a result whose id no call has anywhere stays an unknown id', () => {
    const record = conversation([textMessage('user', 'go'), textMessage('assistant', '', { toolCalls: [call('a')] }), textMessage('user', 'x'), textMessage('tool', 'r', { toolCallId: 'zz' })]);
    expect(validateRecord(record).map((d) => d.code)).toEqual([CALL_ID_CODES.unanswered, CALL_ID_CODES.unknownCallId]);
  });

  it('a call whose id a later turn calls and answers again stays unanswered (that result is not its)', () => {
    const record = conversation([
      textMessage('user', 'go'),
      textMessage('assistant', '', { toolCalls: [call('a')] }),
      textMessage('user', 'again'),
      textMessage('assistant', '', { toolCalls: [call('a')] }),
      textMessage('tool', 'r', { toolCallId: 'a' }),
    ]);
    expect(validateRecord(record).map((d) => [d.code, d.path])).toEqual([[CALL_ID_CODES.unanswered, ['messages', 1, 'toolCalls', 0, 'callId']]]);
  });
});
