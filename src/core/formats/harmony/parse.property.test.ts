/**
 * Property (docs/formats.md, 'Harmony: reading text back'): for every conversation the
 * harmony renderer writes without errors and without special-token text in its fields,
 * render(parse(t).record, parse(t).options) === t where t = render(c), with any options.
 * Conversations: instructions, users, assistant messages of thoughts / calls / outputs /
 * responses, tool messages, messages with their own channel, recipient and content type, and
 * function tools of simple schemas.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Block, Message } from '../../model/types.ts';
import { CHANNEL_SETS, REASONING_EFFORTS, type HarmonyOptions } from './options.ts';
import { parseHarmony } from './parse.ts';
import { renderHarmony } from './render.ts';

const text = fc.string({ maxLength: 12 }).filter((s) => !s.includes('<|'));
const word = fc.stringMatching(/^[a-z_][a-z0-9_]{0,7}$/);

const block: fc.Arbitrary<Block> = fc.oneof(
  text.map((t) => thoughts(t)),
  text.map((t) => response(t)),
  fc.array(fc.tuple(word, text), { minLength: 1, maxLength: 2 }).map((calls) => toolCalls(calls.map(([name, args]) => toolCall(name, args)))),
  fc.tuple(word, text).map(([name, output]) => toolOutputs([toolOutput(output, { name })])),
);

const message: fc.Arbitrary<Message> = fc.oneof(
  text.map((t) => textMessage('user', t)),
  fc.array(block, { minLength: 1, maxLength: 4 }).map((blocks) => blocksMessage(blocks)),
  fc.tuple(word, text).map(([name, t]) => textMessage('tool', t, { name })),
  fc
    .record({ t: text, channel: fc.constantFrom('analysis', 'commentary', 'final', null), recipient: fc.option(fc.constantFrom('functions.x', 'python', 'browser.search'), { nil: undefined }), contentType: fc.option(fc.constantFrom('<|constrain|>json', 'json', 'code'), { nil: undefined }) })
    .map(({ t, channel, recipient, contentType }) => textMessage('assistant', t, recipient === undefined ? { channel } : { channel, recipient, contentType })),
);

const options: fc.Arbitrary<Partial<HarmonyOptions>> = fc.record({
  systemMessage: fc.boolean(),
  date: fc.constantFrom('', '2025-06-28'),
  reasoningEffort: fc.constantFrom(...REASONING_EFFORTS),
  validChannels: fc.constantFrom(...CHANNEL_SETS),
  browserTool: fc.boolean(),
  pythonTool: fc.boolean(),
  keepAnalysis: fc.boolean(),
  returnToken: fc.boolean(),
  addGenerationPrompt: fc.boolean(),
});

const tools = fc.array(
  fc.record({ name: word, description: fc.option(text.filter((t) => !t.includes('\n') && !t.includes('\r')), { nil: undefined }), required: fc.boolean(), type: fc.constantFrom('string', 'number', 'boolean') }).map(({ name, description, required, type }) =>
    toolDefinition(name, description, { type: 'object', properties: { value: { type } }, ...(required ? { required: ['value'] } : {}) }),
  ),
  { maxLength: 2 },
);

describe('harmony parse ∘ render', () => {
  it('reads back every text it writes to a record and options that write it again', () => {
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), fc.array(message, { maxLength: 6 }), tools, options, (instructions, messages, toolList, opts) => {
        const record = conversation([...(instructions === undefined ? [] : [textMessage('developer', instructions)]), ...messages], toolList);
        const rendered = renderHarmony(record, opts);
        if (rendered.diagnostics.some((d) => d.severity !== 'info')) return;
        const parsed = parseHarmony(rendered.text);
        expect(renderHarmony(parsed.record, parsed.options).text).toBe(rendered.text);
      }),
      { numRuns: 400 },
    );
  });
});
