/**
 * Numbers as written (issue 20): a record written back after an edit of one field keeps the
 * text of every other number byte for byte, however it was spelled, in fields Parley knows
 * (a tool's parameter schema) and in those it does not (kept in `extra`) alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../model/types.ts';
import { decodeRecordText } from './record-decode.ts';
import { encodeRecordLine } from './record-encode.ts';

/** Any JSON number text: sign, integer part (up to 22 digits), fraction, exponent (up to 3 digits, so 1e400 too). */
const numberText = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.oneof(fc.constant('0'), fc.tuple(fc.integer({ min: 1, max: 9 }), fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 21 })).map(([d, rest]) => `${d}${rest}`)),
    fc.oneof(fc.constant(''), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 4 }).map((digits) => `.${digits}`)),
    fc.oneof(fc.constant(''), fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 3 })).map((parts) => parts.join(''))),
  )
  .map((parts) => parts.join(''));

/**
 * A key that JSON.parse keeps in its place: an integer-like key (`"0"`) comes first in any
 * JavaScript object, so the source's key order around it cannot be known (docs/datasets.md).
 */
const key = fc.string().filter((k) => !/^(0|[1-9][0-9]*)$/.test(k));

/** The text of a random JSON document, numbers spelled any way, strings and keys as JSON.stringify writes them, no repeated key. */
const { doc } = fc.letrec<{ doc: string }>((tie) => ({
  doc: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberText,
    numberText,
    fc.string().map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('doc'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.uniqueArray(fc.tuple(key, tie('doc')), { maxLength: 4, selector: ([key]) => key }).map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
  ),
}));

/** An OpenAI Chat Completions line with `docs` in an unknown top-level field, an unknown message field and a known tool schema. */
function line(content: string, [top, inMessage, inSchema]: readonly [string, string, string]): string {
  return (
    `{"messages":[{"role":"user","content":${JSON.stringify(content)},"meta":${inMessage}},{"role":"assistant","content":"Fine."}],` +
    `"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{},"x-numbers":${inSchema}}}}],` +
    `"params":${top}}`
  );
}

describe('encodeRecordLine keeps every number as written', () => {
  it('after an edit of an unrelated field, every number keeps its text byte for byte', () => {
    fc.assert(
      fc.property(fc.tuple(doc, doc, doc), (docs) => {
        const before = line('Hello', docs);
        const read = decodeRecordText(before, 1);
        if (!read.ok) throw new Error(read.message);
        expect(read.dialect).toBe('openai-chat');
        const record = structuredClone(read.record) as Conversation;
        const message = record.messages[0];
        if (message?.content?.type !== 'text') throw new Error('expected text content');
        message.content.text = 'Bye';
        expect(encodeRecordLine(record, read.dialect, read.json, read.text).text).toBe(line('Bye', docs));
      }),
      { numRuns: 300 },
    );
  });
});
