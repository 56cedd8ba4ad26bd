import { describe, expect, it } from 'vitest';
import type { Conversation } from '../model/types.ts';
import { decodeRecordText } from './record-decode.ts';
import { encodeRecordLine, inOriginalOrder } from './record-encode.ts';

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

describe('inOriginalOrder', () => {
  it('orders nested objects and array items by position, and keeps a "__proto__" key as a key', () => {
    const original = JSON.parse('{"z":[{"b":1,"a":2}],"__proto__":{"y":1,"x":2},"m":0}') as unknown;
    const value = JSON.parse('{"m":1,"__proto__":{"x":2,"y":1},"z":[{"a":2,"b":1},{"d":1,"c":2}],"n":2}') as unknown;
    expect(JSON.stringify(inOriginalOrder(value, original))).toBe('{"z":[{"b":1,"a":2},{"d":1,"c":2}],"__proto__":{"y":1,"x":2},"m":1,"n":2}');
  });
});
