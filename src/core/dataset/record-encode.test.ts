import { describe, expect, it } from 'vitest';
import type { Conversation } from '../model/types.ts';
import { decodeRecordText } from './record-decode.ts';
import { encodeRecordLine } from './record-encode.ts';

/** An OpenAI Chat Completions record with an unknown top-level field and its keys in an unusual order. */
const LINE =
  '{"messages":[{"content":"Hi there","role":"user"},{"tool_calls":[{"id":"c1","type":"function","function":{"arguments":"{\\"q\\":1}","name":"f"}}],"role":"assistant","content":null}],"custom_meta":{"b":1,"a":2},"model":"gpt-4.1","temperature":0.5}';

function decoded(line: string) {
  const result = decodeRecordText(line, 1);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('encodeRecordLine', () => {
  it('writes an unedited record back as the same line', () => {
    const { record, dialect, json } = decoded(LINE);
    expect(dialect).toBe('openai-chat');
    expect(encodeRecordLine(record, dialect, json)).toEqual({ text: LINE, diagnostics: [] });
  });

  it('changes only the edited text, keeping the unknown field and every key in its place', () => {
    const { record, dialect, json } = decoded(LINE);
    const message = (record as Conversation).messages[0];
    if (message?.content?.type !== 'text') throw new Error('expected text content');
    message.content.text = 'Hello';
    expect(encodeRecordLine(record, dialect, json).text).toBe(LINE.replace('"Hi there"', '"Hello"'));
  });

  it('writes keys the original did not have after the ones it had', () => {
    const { record, dialect, json } = decoded(LINE);
    const conversation = record as Conversation;
    conversation.messages[1] = { ...conversation.messages[1]!, name: 'bot' };
    const out = JSON.parse(encodeRecordLine(record, dialect, json).text) as { messages: Record<string, unknown>[] };
    expect(Object.keys(out.messages[1]!)).toEqual(['tool_calls', 'role', 'content', 'name']);
  });

  it('without the original, writes the codec\'s own order', () => {
    const { record, dialect } = decoded(LINE);
    expect(Object.keys(JSON.parse(encodeRecordLine(record, dialect).text) as object)).toEqual(['custom_meta', 'model', 'temperature', 'messages']);
  });
});

describe('encodeRecordLine: numbers as written', () => {
  /** The record of `line` with its first message's text replaced, written back. */
  function editedFirstText(line: string, text: string): string {
    const { record, dialect, json, text: original } = decoded(line);
    const message = (record as Conversation).messages[0];
    if (message?.content?.type !== 'text') throw new Error('expected text content');
    message.content.text = text;
    return encodeRecordLine(record, dialect, json, original).text;
  }

  it.each([['1.0'], ['-0'], ['1e5'], ['1E+5'], ['12345678901234567890'], ['0.10'], ['-0.0'], ['1e400']])('keeps %s in an unknown field and in a known one', (spelled) => {
    const line = `{"messages":[{"role":"user","content":"Hi","weight":${spelled}}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"n":{"type":"number","minimum":${spelled}}}}}}],"temperature":${spelled}}`;
    expect(editedFirstText(line, 'Hello')).toBe(line.replace('"Hi"', '"Hello"'));
  });

  // Not -0 here: the model holds a call's arguments as text, made by JSON.stringify, which
  // writes -0 as 0; the value changed, so it is written as 0 (docs/datasets.md says so).
  it('keeps the numbers of an Anthropic tool call\'s input (a known field)', () => {
    const line = '{"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"f","input":{"n":1.0,"e":1e-7,"big":12345678901234567890}}]}],"max_tokens":1.0E3}';
    const out = editedFirstText(line, 'Hello');
    expect(out).toBe(line.replace('"Hi"', '"Hello"'));
  });

  it('writes a number the edit changed as JSON.stringify does, and the same value elsewhere is not given the spelling', () => {
    const line = '{"messages":[{"role":"user","content":"Hi"}],"a":1.0,"b":[1.0,2]}';
    const { record, dialect, json, text } = decoded(line);
    const conversation = record as Conversation;
    conversation.extra = { a: 1.5, b: [2, 1] };
    expect(encodeRecordLine(record, dialect, json, text).text).toBe('{"messages":[{"role":"user","content":"Hi"}],"a":1.5,"b":[2,1]}');
  });

  it('writes back an edited record nested 5,000 deep (JSON.stringify overflows the stack there)', () => {
    const deep = `${'['.repeat(5000)}1.0${']'.repeat(5000)}`;
    const line = `{"messages":[{"role":"user","content":"Hi","deep":${deep}}],"meta":${deep}}`;
    expect(editedFirstText(line, 'Hello')).toBe(line.replace('"Hi"', '"Hello"'));
  });
});
