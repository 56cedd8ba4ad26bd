import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, fimPart, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from './builders.ts';
import { checkRecordShape, MAX_RECORD_ISSUES, RECORD_SCHEMA_CODE, recordIssueDiagnostic, recordIssueText } from './schema.ts';

/** The issues of `value` as the lines a person reads. */
function problems(value: unknown): string[] {
  const result = checkRecordShape(value);
  return result.ok ? [] : result.issues.map(recordIssueText);
}

const chat = (messages: unknown[], tools: unknown[] = []) => ({ kind: 'chat', messages, tools });

describe('checkRecordShape', () => {
  it('accepts records made with the builders, with every optional field', () => {
    const record = conversation(
      [
        textMessage('system', 'S', { thoughtFlags: ['reflect'] }),
        partsMessage('user', [textPart('a'), { id: 'i', type: 'image', url: 'data:,', mediaType: 'image/png' }, { id: 'v', type: 'value', value: { x: [1] } }]),
        blocksMessage([thoughts('t', 'reason'), toolCalls([toolCall('f', '{}', { callId: 'c1', type: 'function', argumentsWasObject: true })]), toolOutputs([toolOutput('o', { callId: 'c1', isError: false })]), response('r')]),
        textMessage('assistant', '', { toolCalls: [toolCall('g', 'x', { typeMissing: true })], extra: { weight: 1 } }),
        { id: 'm', role: 'user', content: { type: 'parts', parts: [], extra: { text: 'shadowed' } } },
        { id: 'n', role: 'tool', content: null, toolCallId: 'c1', isError: true },
      ],
      [toolDefinition('f', 'd', { type: 'object' }), { id: 't', name: 'web', type: 'web_search_preview', extra: { x: 1 } }],
    );
    expect(checkRecordShape(record)).toEqual({ ok: true, record });
    expect(checkRecordShape(documentRecord([documentFile([textPart('a'), fimPart('p', 'm', 's')], 'a.py')])).ok).toBe(true);
  });

  it('checks the harmony header fields: strings or null', () => {
    expect(problems(chat([{ id: 'a', role: 'assistant', channel: 'commentary', recipient: 'functions.f', contentType: '<|constrain|>json' }, { id: 'b', role: 'tool', name: 'f', channel: null, recipient: null }]))).toEqual([]);
    expect(problems(chat([{ id: 'a', role: 'assistant', channel: 1, recipient: true }]))).toEqual(['messages[0].channel: expected a string or nothing, got number', 'messages[0].recipient: expected a string or nothing, got boolean']);
  });

  it('accepts unknown fields (written by a newer version)', () => {
    expect(checkRecordShape({ ...chat([{ id: 'm1', role: 'user', newField: 1 }]), alsoNew: true }).ok).toBe(true);
  });

  it.each<[string, unknown, string[]]>([
    ['not an object', 'x', ['record: expected an object, got the string "x"']],
    ['an unknown kind', { kind: 'video' }, ['kind: expected one of "chat", "document", got the string "video"']],
    ['messages missing', { kind: 'chat', tools: [] }, ['messages: missing; expected an array']],
    [
      'a call whose arguments are not a string',
      chat([
        { id: 'a', role: 'user', content: { type: 'text', text: 'q' } },
        { id: 'b', role: 'user', content: { type: 'text', text: 'q' } },
        { id: 'c', role: 'user', content: { type: 'text', text: 'q' } },
        { id: 'd', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b0', type: 'thoughts', text: '' }, { id: 'b1', type: 'tool_calls', calls: [{ id: 'c0', name: 'f', arguments: 1 }] }] } },
      ]),
      ['messages[3].content.blocks[1].calls[0].arguments: expected a string, got number'],
    ],
    ['a block of an unknown type', chat([{ id: 'm', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b', type: 'dance' }] } }]), ['messages[0].content.blocks[0].type: expected one of "thoughts", "tool_calls", "tool_outputs", "response", "unknown", got the string "dance"']],
    ['a legacy call without arguments', chat([{ id: 'm', role: 'assistant', toolCalls: [{ id: 'c', name: 'f' }] }]), ['messages[0].toolCalls[0].arguments: missing; expected a string']],
    ['a file part without text', { kind: 'document', files: [{ id: 'f', parts: [{ id: 'p', type: 'text' }] }] }, ['files[0].parts[0].text: missing; expected a string']],
    ['content extra that is not an object', chat([{ id: 'm', role: 'user', content: { type: 'parts', parts: [], extra: 'x' } }]), ['messages[0].content.extra: expected an object or nothing, got the string "x"']],
    ['an unknown thought flag', chat([{ id: 'm', role: 'system', thoughtFlags: ['dream'] }]), ['messages[0].thoughtFlags[0]: expected one of "reflect", "introspect", "reason", got the string "dream"']],
    ['typeMissing that is not a boolean', chat([{ id: 'm', role: 'assistant', toolCalls: [{ id: 'c', name: 'f', arguments: '{}', typeMissing: 'yes' }] }]), ['messages[0].toolCalls[0].typeMissing: expected true or false or nothing, got the string "yes"']],
    ['wrapped that is not a boolean', chat([], [{ id: 't', name: 'f', wrapped: 1 }]), ['tools[0].wrapped: expected true or false or nothing, got number']],
  ])('refuses %s, with the exact path', (_name, value, expected) => {
    expect(problems(value)).toEqual(expected);
  });

  it('reports every problem, not only the first', () => {
    const value = chat([{ id: 1, role: 'user' }, { id: 'b', role: 'assistant', content: { type: 'text' } }], [{ id: 't' }]);
    expect(problems(value)).toEqual(['messages[0].id: expected a string, got number', 'messages[1].content.text: missing; expected a string', 'tools[0].name: missing; expected a string']);
  });

  it(`stops after ${MAX_RECORD_ISSUES} problems`, () => {
    const value = chat(Array.from({ length: 200 }, () => ({ role: 'user' })));
    const result = checkRecordShape(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toHaveLength(MAX_RECORD_ISSUES);
  });

  it('turns an issue into an error diagnostic with the path set', () => {
    expect(recordIssueDiagnostic({ path: ['messages', 2, 'role'], problem: 'expected a string, got number' })).toEqual({
      severity: 'error',
      code: RECORD_SCHEMA_CODE,
      message: 'messages[2].role: expected a string, got number',
      path: ['messages', 2, 'role'],
    });
  });
});

describe('a training record', () => {
  it('accepts branches of messages and a label, and names a wrong branch', () => {
    const message = { id: 'm1', role: 'assistant', content: { type: 'text', text: 'Blue.' } };
    expect(checkRecordShape({ kind: 'chat', messages: [], tools: [], branches: { chosen: [message], rejected: [] }, label: true }).ok).toBe(true);
    const bad = checkRecordShape({ kind: 'chat', messages: [], tools: [], branches: { chosn: [message], rejected: [{ id: 'm2' }] }, label: 'yes' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((issue) => issue.path.join('.'))).toEqual(['label', 'branches.chosn', 'branches.rejected.0.role']);
  });
});
