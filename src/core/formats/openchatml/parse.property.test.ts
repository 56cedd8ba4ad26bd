/**
 * Property (issue 4, docs/formats.md 'Parsing OpenChatML text'): for every record r rendered without errors and without
 * special-token text in it, render(parse(render(r))) === render(r), with the options as hints
 * and with the options the parser reads from the text. Records are chat conversations (names,
 * thought flags and blocks of every kind, FIM parts in every order, function list, calls in
 * blocks and legacy fields, outputs as tool messages and as Apertus-style blocks) and documents
 * (files of text and FIM parts, with and without a leading separator), with unicode and empty
 * strings throughout.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, fimPart, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Block, Message, ParleyRecord, Part, ThoughtKind } from '../../model/types.ts';
import { openChatMlFormat } from './index.ts';
import type { OpenChatMlOptions } from './options.ts';
import { parseOpenChatMl } from './parse.ts';

const RUNS = 600;

/** Text with the characters a reader could trip on: line breaks, braces, quotes, bars, unicode. */
const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\n', '{', '}', '"', '\\', '<', '|', '>', '[', ']', '=', 'é', '😀', '\t'), maxLength: 10 });
const kind = fc.constantFrom<ThoughtKind>('reflect', 'introspect', 'reason');
const speaker = fc.option(fc.constantFrom('Eric', 'Alice', 'FitnessCoach', 'é_1', '', 'two words'), { nil: undefined });
const functionName = fc.constantFrom('get_stock', 'calc', 'é', 'a"b');
const jsonObjectText = fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map((o) => JSON.stringify(o));
const call = fc.tuple(functionName, jsonObjectText).map(([name, args]) => toolCall(name, args));
const outputText = fc.oneof(text, jsonObjectText, fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), fc.constant('"42"'));
const fim = fc.tuple(text, text, text).map(([p, m, s]) => fimPart(p, m, s));
const parts: fc.Arbitrary<Part[]> = fc.array(fc.oneof(text.map(textPart), fim), { maxLength: 3 });

const block: fc.Arbitrary<Block> = fc.oneof(
  { arbitrary: fc.tuple(text, fc.option(kind, { nil: undefined })).map(([t, k]) => thoughts(t, k)), weight: 3 },
  { arbitrary: text.map(response), weight: 3 },
  { arbitrary: fc.array(call, { minLength: 1, maxLength: 3 }).map(toolCalls), weight: 2 },
  { arbitrary: fc.array(fc.tuple(outputText, fc.option(functionName, { nil: undefined })).map(([o, name]) => toolOutput(o, name === undefined ? {} : { name })), { maxLength: 2 }).map(toolOutputs), weight: 1 },
);

const assistant: fc.Arbitrary<Message> = fc.oneof(
  fc.tuple(text, speaker).map(([t, name]) => textMessage('assistant', t, name === undefined ? {} : { name })),
  fc.tuple(text, fc.array(call, { minLength: 1, maxLength: 2 })).map(([t, calls]) => textMessage('assistant', t, { toolCalls: calls })),
  fc.tuple(fc.array(block, { maxLength: 5 }), speaker).map(([blocks, name]) => blocksMessage(blocks, name === undefined ? {} : { name })),
);

const user: fc.Arbitrary<Message> = fc.oneof(
  fc.tuple(text, speaker).map(([t, name]) => textMessage('user', t, name === undefined ? {} : { name })),
  parts.map((p) => ({ ...textMessage('user', ''), content: { type: 'parts' as const, parts: p } })),
);

const tool: fc.Arbitrary<Message> = fc.tuple(outputText, fc.option(functionName, { nil: undefined })).map(([o, name]) => textMessage('tool', o, name === undefined ? {} : { name }));

const system: fc.Arbitrary<Message> = fc
  .tuple(text, speaker, fc.subarray<ThoughtKind>(['reflect', 'introspect', 'reason']))
  .map(([t, name, flags]) => textMessage('system', t, { ...(name === undefined ? {} : { name }), ...(flags.length > 0 ? { thoughtFlags: flags } : {}) }));

const schema = fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 3 }), fc.constant({ type: 'object', properties: { symbol: { type: 'string' } }, required: ['symbol'] }));
const tools = fc.array(fc.tuple(functionName, fc.option(text, { nil: undefined }), schema).map(([name, description, parameters]) => toolDefinition(name, description, parameters)), { maxLength: 2 });

const chat: fc.Arbitrary<ParleyRecord> = fc
  .tuple(fc.option(system, { nil: undefined }), fc.array(fc.oneof({ arbitrary: user, weight: 3 }, { arbitrary: assistant, weight: 3 }, { arbitrary: tool, weight: 2 }, { arbitrary: system, weight: 1 }), { maxLength: 6 }), tools)
  .map(([head, rest, defs]) => conversation([...(head ? [head] : []), ...rest], defs));

const document: fc.Arbitrary<ParleyRecord> = fc.array(parts.map((p) => documentFile(p)), { maxLength: 4 }).map(documentRecord);

const options: fc.Arbitrary<OpenChatMlOptions> = fc.record({
  bosText: fc.constantFrom('[BOS]', '', '<s>'),
  eosText: fc.constantFrom('[EOS]', '', '</s>', '\n[EOS]'),
  newlineBeforeImEnd: fc.boolean(),
  fimOrder: fc.constantFrom('spec', 'psm', 'spm'),
  leadingSeparator: fc.boolean(),
  jsonStyle: fc.constantFrom('python', 'spec'),
  ensureAscii: fc.boolean(),
});

describe('parseOpenChatMl round trip', () => {
  it(`render(parse(render(r))) === render(r) on ${RUNS} generated chats and documents`, () => {
    let compared = 0;
    let withJson = 0;
    let withFim = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: chat, weight: 3 }, { arbitrary: document, weight: 1 }), options, (record, opts) => {
        const rendered = openChatMlFormat.render(record, opts);
        if (rendered.diagnostics.some((d) => d.severity === 'error' || d.code === 'token-injection')) return;
        compared += 1;
        if (rendered.text.includes('<|function_')) withJson += 1;
        if (rendered.text.includes('<|fim_')) withFim += 1;
        const hinted = parseOpenChatMl(rendered.text, opts);
        expect(hinted.diagnostics).toEqual([]);
        expect(openChatMlFormat.render(hinted.record, opts).text).toBe(rendered.text);
        const bare = parseOpenChatMl(rendered.text);
        expect(bare.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
        expect(openChatMlFormat.render(bare.record, bare.options).text).toBe(rendered.text);
      }),
      { numRuns: RUNS },
    );
    // Meaningful only if most records are compared and the hard parts occur often.
    expect(compared).toBeGreaterThan(RUNS * 0.6);
    expect(withJson).toBeGreaterThan(RUNS * 0.2);
    expect(withFim).toBeGreaterThan(RUNS * 0.1);
  });
});

/** Any text made of OpenChatML tokens, JSON bits and plain characters. */
const fragment = fc.constantFrom(
  '<|im_start|>', '<|im_end|>', 'user', 'assistant', 'system', 'tool', ' name=', '\n', '[BOS]', '[EOS]', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>',
  '<|file_separator|>', '<|function_list|>', '<|function_call|>', '<|function_output|>', '<|reflect|>', '<|reason|>', '<|start_reason|>', '<|end_reason|>',
  '<|start_reflect|>', '<|end_reflect|>', '{"arguments": {}, "name": "f"}', '{"type": "function", "function": {"name": "f"}}', '{\n  "name": "f",\n  "content": 1\n}',
  'a', ' ', '{', '}', '"', 'é',
);
const anyText = fc.array(fragment, { maxLength: 25 }).map((pieces) => pieces.join(''));

describe('parseOpenChatMl on any text', () => {
  it('never throws, and says so whenever rendering the record would not give the text back', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const parsed = parseOpenChatMl(input);
        const quiet = parsed.diagnostics.every((d) => d.severity === 'info');
        if (quiet) expect(openChatMlFormat.render(parsed.record, parsed.options).text).toBe(input);
      }),
      { numRuns: 2000 },
    );
  });
});
