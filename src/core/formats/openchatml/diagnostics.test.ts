/**
 * Every diagnostic of the OpenChatML renderer: its code, severity and the field it points at,
 * and that the text still renders (the preview never goes blank).
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Message, ParleyRecord } from '../../model/types.ts';
import { TOOL_CALL_CODES } from '../../validate/tool-arguments.ts';
import { CODES } from './codes.ts';
import { openChatMlFormat } from './index.ts';
import type { OpenChatMlOptions } from './options.ts';
import { expectCoverage } from './test-support.ts';

function diagnose(record: ParleyRecord, options: Partial<OpenChatMlOptions> = {}) {
  const rendered = openChatMlFormat.render(record, options);
  expectCoverage(rendered);
  return rendered;
}

/** [code, severity, path] of every diagnostic. */
function found(record: ParleyRecord, options: Partial<OpenChatMlOptions> = {}) {
  return diagnose(record, options).diagnostics.map((d) => [d.code, d.severity, (d.path ?? []).join('.')]);
}

const withFlags = (...flags: ('reflect' | 'introspect' | 'reason')[]) => textMessage('system', 'S', { thoughtFlags: flags });

describe('roles and names', () => {
  it('an unknown role is written as is (the structural checks report it: core/checks/structure)', () => {
    const rendered = diagnose(conversation([textMessage('narrator', 'Once.')]));
    expect(rendered.text).toBe('[BOS]<|im_start|>narrator\nOnce.\n<|im_end|>[EOS]');
    expect(rendered.diagnostics).toEqual([]);
  });

  it('messages are numbered from 1 in messages, as the forms number them (paths stay 0-based)', () => {
    const rendered = diagnose(conversation([textMessage('user', 'Hi'), textMessage('developer', 'Rules.')]));
    expect(rendered.diagnostics).toMatchObject([{ code: CODES.developerRole, path: ['messages', 1, 'role'] }]);
    expect(rendered.diagnostics[0]?.message).toMatch(/^Message 2 \(developer\)/);
  });

  it('a developer message is an error that says to use system; it is written as "developer"', () => {
    const rendered = diagnose(conversation([textMessage('developer', 'Rules.')]));
    expect(rendered.text).toContain('<|im_start|>developer\nRules.');
    expect(rendered.diagnostics).toMatchObject([{ code: CODES.developerRole, severity: 'error', path: ['messages', 0, 'role'] }]);
    expect(rendered.diagnostics[0]?.message).toMatch(/make it a system message/);
  });

  it('an empty role or one with spaces is an error', () => {
    expect(found(conversation([textMessage('', 'x'), textMessage('two words', 'y')]))).toEqual([
      [CODES.roleMalformed, 'error', 'messages.0.role'],
      [CODES.roleMalformed, 'error', 'messages.1.role'],
    ]);
  });

  it('a name with whitespace is a warning (§3); with a line break, an error (the header breaks)', () => {
    expect(found(conversation([textMessage('user', 'x', { name: 'Ann Lee' }), textMessage('user', 'y', { name: 'a\tb' }), textMessage('user', 'z', { name: 'a\nb' })]))).toEqual([
      [CODES.nameWhitespace, 'warning', 'messages.0.name'],
      [CODES.nameWhitespace, 'warning', 'messages.1.name'],
      [CODES.nameLineBreak, 'error', 'messages.2.name'],
    ]);
  });
});

describe('thoughts', () => {
  it('a thought block without its flag in a system message is a warning', () => {
    expect(found(conversation([withFlags('reflect'), blocksMessage([thoughts('a', 'reflect'), thoughts('b', 'reason')])]))).toEqual([[CODES.thoughtWithoutFlag, 'warning', 'messages.1.content.blocks.1']]);
  });

  it('a thoughts block without a kind is written as a reason block, with a warning', () => {
    const rendered = diagnose(conversation([withFlags('reason'), blocksMessage([thoughts('plan'), response('A')])]));
    expect(rendered.text).toContain('<|start_reason|>plan<|end_reason|>\nA');
    expect(rendered.diagnostics).toMatchObject([{ code: CODES.thoughtWithoutKind, severity: 'warning', path: ['messages', 1, 'content', 'blocks', 0, 'kind'] }]);
  });

  it('thoughts after the answer, or out of the spec\'s order, are warnings (written where they are)', () => {
    const rendered = diagnose(conversation([withFlags('reflect', 'reason'), blocksMessage([thoughts('r', 'reason'), thoughts('f', 'reflect'), response('A'), thoughts('late', 'reason')])]));
    expect(rendered.text).toContain('<|start_reason|>r<|end_reason|>\n<|start_reflect|>f<|end_reflect|>\nA\n<|start_reason|>late<|end_reason|>');
    expect(rendered.diagnostics.map((d) => [d.code, d.path?.join('.')])).toEqual([
      [CODES.thoughtOrder, 'messages.1.content.blocks.1'],
      [CODES.thoughtOrder, 'messages.1.content.blocks.3'],
    ]);
  });

  it('thought flags on a message other than system are not rendered, with a warning', () => {
    const rendered = diagnose(conversation([textMessage('user', 'u', { thoughtFlags: ['reason'] })]));
    expect(rendered.text).toBe('[BOS]<|im_start|>user\nu\n<|im_end|>[EOS]');
    expect(found(conversation([textMessage('user', 'u', { thoughtFlags: ['reason'] })]))).toEqual([[CODES.flagsNotSystem, 'warning', 'messages.0.thoughtFlags']]);
  });
});

describe('function calling', () => {
  const tools = [toolDefinition('get', 'Get.')];

  it('a call to a function that is not in the function list is a warning', () => {
    expect(found(conversation([textMessage('system', 'S'), blocksMessage([toolCalls([toolCall('put', '{}')])])], tools))).toEqual([[CODES.undefinedFunction, 'warning', 'messages.1.content.blocks.0.calls.0.name']]);
    // With no function list at all there is nothing to check against.
    expect(found(conversation([blocksMessage([toolCalls([toolCall('put', '{}')])])]))).toEqual([]);
  });

  it('arguments that are not a JSON object are an error, written as typed', () => {
    const calls = ['[1, 2]', '{"a": ', '"text"'].map((args) => toolCall('get', args));
    const rendered = diagnose(conversation([textMessage('system', 'S'), blocksMessage([toolCalls(calls)])], tools));
    expect(rendered.text).toContain('<|function_call|>\n{"arguments": [1, 2], "name": "get"}');
    expect(rendered.text).toContain('<|function_call|>\n{"arguments": {"a": , "name": "get"}');
    // The codes of validateRecord's argument checks (the app and CLI list each problem once), in OpenChatML's words.
    const syntax = TOOL_CALL_CODES.syntax;
    const notObject = TOOL_CALL_CODES.notObject;
    expect(rendered.diagnostics.map((d) => [d.code, d.severity, d.path?.join('.')])).toEqual([notObject, syntax, notObject].map((code, c) => [code, 'error', `messages.1.content.blocks.0.calls.${c}.arguments`]));
    expect(rendered.diagnostics.map((d) => d.message.replace(/^.*has type object\): /, ''))).toEqual([
      'Arguments must be a JSON object, got array. They are written as typed.',
      'Arguments are not valid JSON: Unexpected end of text: expected a value at line 1, column 7. They are written as typed.',
      'Arguments must be a JSON object, got string. They are written as typed.',
    ]);
  });

  it('empty arguments mean no arguments: the object {} is written, without a diagnostic (issue 24)', () => {
    const rendered = diagnose(conversation([textMessage('system', 'S'), blocksMessage([toolCalls([toolCall('get', ' ')])])], tools));
    expect(rendered.text).toContain('<|function_call|>\n{"arguments": {}, "name": "get"}');
    expect(rendered.diagnostics.filter((d) => (d.path ?? []).includes('arguments'))).toEqual([]);
  });

  it('outputs that do not match the calls: one too many, one missing, another name, another call id', () => {
    const record = conversation(
      [
        textMessage('system', 'S'),
        textMessage('tool', 'early'),
        textMessage('assistant', '', { toolCalls: [toolCall('get', '{}', { callId: 'c1' }), toolCall('get', '{}', { callId: 'c2' }), toolCall('get', '{}')] }),
        { ...textMessage('tool', 'two', { toolCallId: 'c2' }) },
        textMessage('tool', 'named', { name: 'other' }),
        textMessage('user', 'next'),
      ],
      tools,
    );
    const all = found(record);
    expect(all).toContainEqual([CODES.outputWithoutCall, 'warning', 'messages.1']);
    expect(all).toContainEqual([CODES.outputOrder, 'warning', 'messages.3']);
    expect(all).toContainEqual([CODES.outputNameMismatch, 'warning', 'messages.4']);
    expect(all).toContainEqual([CODES.callWithoutOutput, 'warning', 'messages.2.toolCalls.2']);
    // Call ids have no OpenChatML form; order does their job, so losing them is an info.
    expect(all).toContainEqual([CODES.lost, 'info', 'messages.2']);
    expect(all).toContainEqual([CODES.lost, 'info', 'messages.3']);
  });

  it('calls at the very end wait for outputs without a warning', () => {
    expect(found(conversation([textMessage('system', 'S'), blocksMessage([toolCalls([toolCall('get', '{}')])])], tools))).toEqual([]);
  });

  it('tool calls outside assistant messages: written in a user message, ignored in a tool message', () => {
    const calls = { toolCalls: [toolCall('get', '{}')] };
    const rendered = diagnose(conversation([textMessage('user', 'u', calls), textMessage('tool', 'o', calls)]));
    expect(rendered.text).toContain('u\n<|function_call|>');
    expect(rendered.diagnostics.map((d) => [d.code, d.path?.join('.')])).toEqual([
      [CODES.callsNotAssistant, 'messages.0.toolCalls'],
      [CODES.callsNotAssistant, 'messages.1.toolCalls'],
      [CODES.outputWithoutCall, 'messages.1'],
    ]);
  });

  it('blocks on a user message are written as an assistant\'s would be, with a warning', () => {
    expect(found(conversation([{ ...blocksMessage([response('r')]), role: 'user' }]))).toEqual([[CODES.blocksNotAssistant, 'warning', 'messages.0.content']]);
  });

  it('tool messages with parts or blocks', () => {
    const parts = partsMessage('tool', [textPart('a'), { id: 'p-v', type: 'value', value: 1 }]);
    const blocks: Message = { ...blocksMessage([response('r')]), role: 'tool' };
    const rendered = diagnose(conversation([blocksMessage([toolCalls([toolCall('f', '{}'), toolCall('f', '{}')])]), parts, blocks]));
    expect(rendered.text).toContain('"content": "a1"');
    expect(rendered.text).toContain('"content": null');
    expect(rendered.diagnostics.map((d) => [d.code, d.path?.join('.')])).toEqual([
      [CODES.toolContent, 'messages.1.content'],
      [CODES.toolContent, 'messages.2.content'],
    ]);
  });

  it('tools without a system message: an info', () => {
    expect(found(conversation([textMessage('user', 'u')], tools))).toEqual([[CODES.toolsWithoutSystem, 'info', 'tools']]);
  });
});

describe('what OpenChatML cannot express (lost in conversion)', () => {
  it('images, values, unknown blocks', () => {
    const record = conversation([
      partsMessage('user', [textPart('see'), { id: 'p-i', type: 'image', url: 'data:,' }, { id: 'p-v', type: 'value', value: { a: 1 } }]),
      blocksMessage([{ id: 'b-u', type: 'unknown', sourceType: 'citation', raw: {} }, response('r')]),
    ]);
    const rendered = diagnose(record);
    expect(rendered.text).toContain('see{"a": 1}');
    expect(rendered.diagnostics.map((d) => [d.code, d.path?.join('.'), d.message])).toEqual([
      [CODES.lost, 'messages.0', 'lost in conversion: image part 2 (OpenChatML is text only; it is not rendered); value part 3 is written as its JSON text.'],
      [CODES.lost, 'messages.1', 'lost in conversion: block 1 of type "citation" (no OpenChatML form; it is not rendered).'],
    ]);
  });

  it('built-in tools, "returns" schemas, unreadable tools, error flags and call types', () => {
    const builtin = { ...toolDefinition('web_search'), type: 'web_search_preview' };
    const returning = { ...toolDefinition('f'), returns: { type: 'number' } };
    const record = { ...conversation([textMessage('system', 'S'), textMessage('assistant', '', { toolCalls: [toolCall('f', '{}', { type: 'custom' })] }), textMessage('tool', 'x', { isError: true })], [builtin, returning]), extra: { tools: 'oops' } };
    expect(found(record)).toEqual([
      [CODES.lost, 'warning', 'tools.0'],
      [CODES.lost, 'warning', 'tools.1.returns'],
      [CODES.lost, 'warning', 'tools'],
      [CODES.lost, 'warning', 'messages.1'],
      [CODES.lost, 'warning', 'messages.2'],
    ]);
    const outputs = conversation([blocksMessage([toolCalls([toolCall('f', '{}')]), toolOutputs([toolOutput('x', { isError: true, callId: 'c9' })])])]);
    expect(found(outputs)).toEqual([
      [CODES.outputsSplit, 'info', 'messages.0.content.blocks.1'],
      [CODES.lost, 'warning', 'messages.0.content.blocks.1.outputs.0'],
      [CODES.lost, 'info', 'messages.0.content.blocks.1.outputs.0'],
    ]);
  });

  it('file names are not written: an info at the name', () => {
    expect(found(documentRecord([documentFile([textPart('x')], 'a.py')]))).toEqual([[CODES.fileName, 'info', 'files.0.name']]);
  });
});

describe('token injection', () => {
  it('content, names, JSON values and file text holding an OpenChatML token (or the BOS/EOS text) are warned once per field', () => {
    const record = conversation([
      textMessage('user', 'Say <|im_end|> now', { name: 'x<|reason|>' }),
      textMessage('assistant', 'ok [EOS]'),
      blocksMessage([toolCalls([toolCall('f', '{"a": "<|im_start|>", "b": "<|im_start|>"}')])]),
    ]);
    expect(found(record)).toEqual([
      ['token-injection', 'warning', 'messages.0.name'],
      ['token-injection', 'warning', 'messages.0.content'],
      ['token-injection', 'warning', 'messages.1.content'],
      ['token-injection', 'warning', 'messages.2.content.blocks.0.calls.0.arguments'],
    ]);
    expect(found(documentRecord([documentFile([textPart('<|file_separator|>')])]))).toEqual([['token-injection', 'warning', 'files.0.parts.0.text']]);
    // An empty BOS text is no token.
    expect(found(conversation([textMessage('user', 'plain')]), { bosText: '' })).toEqual([]);
  });
});
