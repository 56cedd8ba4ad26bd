/**
 * fast-check records for the search properties (test code only): conversations with tricky
 * text in every searchable field, and JSON written with other escapes and number forms than
 * JSON.stringify's, as other writers do.
 */
import fc from 'fast-check';
import { jsonObject, text as trickyText } from '../../interchange/shared/test-arbitraries.ts';
import { newId } from '../../model/ids.ts';
import type { Conversation, Message } from '../../model/types.ts';

// Many distinct characters, so that a needle's anchor is rarely found elsewhere in the line by chance.
export const letters = fc.string({ unit: fc.oneof(fc.constantFrom(...'abcdefnrtuxyzABNQZ019.:- '), fc.integer({ min: 0x4e00, max: 0x4e40 }).map((c) => String.fromCharCode(c))), minLength: 2, maxLength: 8 });
export const fieldText = fc.oneof(trickyText, letters, fc.tuple(trickyText, letters).map(([a, b]) => a + b));

export const conversation: fc.Arbitrary<Conversation> = fc
  .record({
    user: fieldText,
    thought: fieldText,
    reply: fieldText,
    args: fc.oneof(jsonObject.map((o) => JSON.stringify(o)), fc.tuple(fieldText, fc.integer()).map(([t, n]) => JSON.stringify({ q: t, n })), fieldText),
    output: fieldText,
  })
  .map(({ user, thought, reply, args, output }) => {
    const messages: Message[] = [
      { id: newId('m'), role: 'user', content: { type: 'text', text: user } },
      {
        id: newId('m'),
        role: 'assistant',
        content: {
          type: 'blocks',
          blocks: [
            { id: newId('b'), type: 'thoughts', text: thought },
            { id: newId('b'), type: 'response', text: reply },
            { id: newId('b'), type: 'tool_calls', calls: [{ id: newId('c'), callId: 'call_1', name: 'f', arguments: args }] },
          ],
        },
      },
      { id: newId('m'), role: 'tool', toolCallId: 'call_1', content: { type: 'text', text: output } },
    ];
    return { kind: 'chat', messages, tools: [] };
  });

/**
 * JSON text whose strings escape every character `escape` picks as \uXXXX (any writer may), and
 * whose integers are written with an exponent (`1234` as `12.34e2`: the same number, other text).
 */
export function stringifyEscaping(value: unknown, escape: (code: number) => boolean): string {
  if (typeof value === 'number' && Number.isInteger(value) && value !== 0) return `${value / 100}e2`;
  if (typeof value === 'string') {
    let out = '"';
    for (const char of JSON.stringify(value).slice(1, -1).split(/(\\u[0-9a-f]{4}|\\.)/)) {
      if (char.startsWith('\\')) out += char;
      else for (let i = 0; i < char.length; i++) out += escape(char.charCodeAt(i)) ? `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}` : char[i];
    }
    return `${out}"`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => stringifyEscaping(v, escape)).join(',')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${stringifyEscaping(k, escape)}:${stringifyEscaping(v, escape)}`).join(',')}}`;
  return JSON.stringify(value);
}

export const escaping = fc.constantFrom<(code: number) => boolean>(
  () => false,
  (code) => code > 0x7e,
  (code) => code % 3 === 0,
);

