/**
 * Spec 004 "Mapping to major APIs", the OpenAI Chat Completions and Anthropic Messages tables
 * (the Responses table is in openai-responses.test.ts): each row's block, as RWKV text, is
 * parsed with the rwkv format, encoded in the dialect, compared with the JSON the row names,
 * then decoded and rendered back to the same text. Block texts are the spec's own examples.
 */
import { describe, expect, it } from 'vitest';
import { rwkvFormat } from '../formats/rwkv/index.ts';
import type { Conversation } from '../model/types.ts';
import { anthropicCodec } from './anthropic/index.ts';
import { LOST_CODE } from '../shared/lost-in-conversion.ts';
import { openAiChatCodec } from './openai-chat/index.ts';
import type { InterchangeCodec } from './types.ts';
import type { OptionValues } from '../shared/options.ts';

const SYS = '<<SYS>>\nSystem instructions go here.\n<<SYS_END>>';
const USER = '<<USER>>\nUser message goes here.\n<<USER_END>>';
const ASSISTANT = '<<ASSISTANT>>\nAssistant reply goes here.\n<<ASSISTANT_END>>';
const ARGUMENTS = '{"operation": "add", "operands": [2, 3]}';
const TOOL_CALL = `<<TOOL_CALL name="calculator" id="call_001">>\n${ARGUMENTS}\n<<END_TOOL_CALL>>`;
const TOOL_RESULT = '<<TOOL_RESULT id="call_001">>\n{"result": 5}\n<<END_TOOL_RESULT>>';

function toJson(text: string, codec: InterchangeCodec, options?: Partial<OptionValues>) {
  const parsed = rwkvFormat.parse(text);
  expect(parsed.diagnostics).toEqual([]);
  return codec.encode(parsed.record as Conversation, options);
}

function backToText(json: unknown, codec: InterchangeCodec): string {
  const decoded = codec.decode(json);
  expect(decoded.diagnostics).toEqual([]);
  const rendered = rwkvFormat.render(decoded.record as Conversation);
  expect(rendered.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  return rendered.text;
}

describe('spec 004 table 1: OpenAI Chat Completions', () => {
  it.each([
    ['<<SYS>> … <<SYS_END>> → system message', SYS, { role: 'system', content: 'System instructions go here.' }],
    ['<<USER>> … <<USER_END>> → user message', USER, { role: 'user', content: 'User message goes here.' }],
    ['<<ASSISTANT>> … <<ASSISTANT_END>> → assistant message', ASSISTANT, { role: 'assistant', content: 'Assistant reply goes here.' }],
    ['<<TOOL_RESULT …>> → tool role (tool_call_id + JSON result)', TOOL_RESULT, { role: 'tool', tool_call_id: 'call_001', content: '{"result": 5}' }],
  ])('%s', (_, text, message) => {
    const { json, diagnostics } = toJson(text, openAiChatCodec);
    expect(json).toEqual({ messages: [message] });
    expect(diagnostics).toEqual([]);
    expect(backToText(json, openAiChatCodec)).toBe(text);
  });

  it('<<TOOL_CALL …>> → assistant message with function_call payload (name, arguments), with legacyFunctionCall', () => {
    const text = `<<TOOL_CALL name="calculator">>\n${ARGUMENTS}\n<<END_TOOL_CALL>>`;
    const { json, diagnostics } = toJson(text, openAiChatCodec, { legacyFunctionCall: true });
    expect(json).toEqual({ messages: [{ role: 'assistant', content: null, function_call: { name: 'calculator', arguments: ARGUMENTS } }] });
    expect(diagnostics).toEqual([]);
    expect(backToText(json, openAiChatCodec)).toBe(text);
    // A legacy function_call has no id: the tag's id="…" is reported, not dropped silently.
    const withId = toJson(TOOL_CALL, openAiChatCodec, { legacyFunctionCall: true });
    expect(withId.diagnostics.map((d) => [d.code, d.path])).toEqual([[LOST_CODE, ['messages', 0, 'toolCalls', 0, 'callId']]]);
  });

  it('<<TOOL_CALL …>> → tool_calls with its id by default (docs/formats.md, "RWKV: mappings to the JSON dialects")', () => {
    const { json, diagnostics } = toJson(TOOL_CALL, openAiChatCodec);
    expect(json).toEqual({ messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 'call_001', type: 'function', function: { name: 'calculator', arguments: ARGUMENTS } }] }] });
    expect(diagnostics).toEqual([]);
    expect(backToText(json, openAiChatCodec)).toBe(TOOL_CALL);
  });

  it('the full TOOL_RESULT tag of the spec: its status has no place in a tool message, and says so', () => {
    const { diagnostics } = toJson('<<TOOL_RESULT name="calculator" id="call_001" status="ok">>\n{"result": 5}\n<<END_TOOL_RESULT>>', openAiChatCodec);
    expect(diagnostics.map((d) => d.message)).toEqual(['lost in conversion: the error flag (false) at messages[0].isError (OpenAI Chat Completions has no place for it)']);
  });
});

/** Anthropic documents a string `content` as shorthand for one text block: compare in the block form the table uses. */
function blockForm(json: unknown): unknown {
  const doc = json as { messages: { role: string; content: unknown }[] };
  return { ...doc, messages: doc.messages.map((m) => (typeof m.content === 'string' ? { ...m, content: [{ type: 'text', text: m.content }] } : m)) };
}

describe('spec 004 table 3: Anthropic Messages', () => {
  it('<<SYS>> → system string', () => {
    const { json, diagnostics } = toJson(SYS, anthropicCodec);
    expect(json).toEqual({ system: 'System instructions go here.', messages: [] });
    expect(diagnostics).toEqual([]);
    expect(backToText(json, anthropicCodec)).toBe(SYS);
  });

  it('<<SYS>> blocks → concatenated with blank lines (the boundary is reported)', () => {
    const { json, diagnostics } = toJson('<<SYS>>\nBe brief.\n<<SYS_END>>\n\n<<SYS>>\nUse metric units.\n<<SYS_END>>', anthropicCodec);
    expect(json).toEqual({ system: 'Be brief.\n\nUse metric units.', messages: [] });
    expect(diagnostics.map((d) => d.code)).toEqual([LOST_CODE]);
    expect(backToText(json, anthropicCodec)).toBe('<<SYS>>\nBe brief.\n\nUse metric units.\n<<SYS_END>>');
  });

  it.each([
    ['<<USER>> → user message with a text block', USER, { role: 'user', content: [{ type: 'text', text: 'User message goes here.' }] }],
    ['<<ASSISTANT>> → assistant message with a text block', ASSISTANT, { role: 'assistant', content: [{ type: 'text', text: 'Assistant reply goes here.' }] }],
    ['<<TOOL_CALL …>> → assistant tool_use (id, name, input)', TOOL_CALL, { role: 'assistant', content: [{ type: 'tool_use', id: 'call_001', name: 'calculator', input: { operation: 'add', operands: [2, 3] } }] }],
    ['<<TOOL_RESULT …>> → user tool_result (tool_use_id, content)', TOOL_RESULT, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_001', content: '{"result": 5}' }] }],
  ])('%s', (_, text, message) => {
    const { json, diagnostics } = toJson(text, anthropicCodec);
    expect(blockForm(json)).toEqual({ messages: [message] });
    expect(diagnostics).toEqual([]);
    expect(backToText(json, anthropicCodec)).toBe(text);
    expect(backToText({ messages: [message] }, anthropicCodec)).toBe(text);
  });

  it('the full TOOL_RESULT tag of the spec: status maps to is_error, the name has no place', () => {
    const { json, diagnostics } = toJson('<<TOOL_RESULT name="calculator" id="call_001" status="ok">>\n{"result": 5}\n<<END_TOOL_RESULT>>', anthropicCodec);
    expect(json).toEqual({ messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_001', content: '{"result": 5}', is_error: false }] }] });
    expect(diagnostics.map((d) => d.message)).toEqual(['lost in conversion: the tool name "calculator" at messages[0].name (an Anthropic tool_result has no name)']);
  });
});
