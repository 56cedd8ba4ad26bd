import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blocksMessage, conversation, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Conversation, Message, Part, ToolCall } from '../../model/types.ts';
import type { Rendered } from '../types.ts';
import { anthropicCodec } from '../../interchange/anthropic/index.ts';
import { openAiChatCodec } from '../../interchange/openai-chat/index.ts';
import { rwkvFormat } from './index.ts';

const render = (c: Conversation, streaming = false): Rendered => rwkvFormat.render(c, { streaming });
const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

/** Spans are sorted, contiguous and cover the text. */
function expectCoverage(rendered: Rendered): void {
  let at = 0;
  for (const span of rendered.spans) {
    expect(span.start).toBe(at);
    expect(span.end).toBeGreaterThan(span.start);
    at = span.end;
  }
  expect(at).toBe(rendered.text.length);
}

function toolMessage(output: string, fields: Partial<Message> = {}): Message {
  return { ...textMessage('tool', output), ...fields };
}

describe('RWKV goldens (spec 004, copied as written)', () => {
  it('renders the canonical transcript syntax', () => {
    const expected = `<<SYS>>
System instructions go here.
<<SYS_END>>

<<USER>>
User message goes here.
<<USER_END>>

<<ASSISTANT>>
Assistant reply goes here.
<<ASSISTANT_END>>`;
    const c = conversation([textMessage('system', 'System instructions go here.'), textMessage('user', 'User message goes here.'), textMessage('assistant', 'Assistant reply goes here.')]);
    const rendered = render(c);
    expect(rendered.text).toBe(expected);
    expect(rendered.diagnostics).toEqual([]);
    expectCoverage(rendered);
  });

  const toolExample = `<<ASSISTANT>>
I will call the calculator tool.
<<ASSISTANT_END>>

<<TOOL_CALL name="calculator" id="call_001">>
{"operation": "add", "operands": [2, 3]}
<<END_TOOL_CALL>>

<<TOOL_RESULT name="calculator" id="call_001" status="ok">>
{"result": 5}
<<END_TOOL_RESULT>>

<<ASSISTANT>>
The result is 5.
<<ASSISTANT_END>>`;

  it('renders the assistant tool call example (OpenAI-style: text + toolCalls, tool message)', () => {
    const c = conversation([
      textMessage('assistant', 'I will call the calculator tool.', { toolCalls: [toolCall('calculator', '{"operation": "add", "operands": [2, 3]}', { callId: 'call_001' })] }),
      toolMessage('{"result": 5}', { name: 'calculator', toolCallId: 'call_001', isError: false }),
      textMessage('assistant', 'The result is 5.'),
    ]);
    const rendered = render(c);
    expect(rendered.text).toBe(toolExample);
    expect(rendered.diagnostics).toEqual([]);
    expectCoverage(rendered);
  });

  it('renders the same example from Apertus-style blocks', () => {
    const c = conversation([
      blocksMessage([
        response('I will call the calculator tool.'),
        toolCalls([toolCall('calculator', '{"operation": "add", "operands": [2, 3]}', { callId: 'call_001' })]),
        toolOutputs([toolOutput('{"result": 5}', { name: 'calculator', callId: 'call_001', isError: false })]),
        response('The result is 5.'),
      ]),
    ]);
    expect(render(c).text).toBe(toolExample);
  });

  it('parses the tool call example into the OpenAI-like mapping', () => {
    const { record, diagnostics } = rwkvFormat.parse(toolExample);
    expect(diagnostics).toEqual([]);
    expect(record.kind).toBe('chat');
    const messages = (record as Conversation).messages;
    expect(messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(messages[0]?.content).toEqual({ type: 'text', text: 'I will call the calculator tool.' });
    expect(messages[0]?.toolCalls?.map(({ name, arguments: a, callId }) => ({ name, a, callId }))).toEqual([{ name: 'calculator', a: '{"operation": "add", "operands": [2, 3]}', callId: 'call_001' }]);
    expect(messages[1]).toMatchObject({ name: 'calculator', toolCallId: 'call_001', isError: false, content: { type: 'text', text: '{"result": 5}' } });
  });

  it('round-trips the example transcript (payload with blank lines and a code fence)', () => {
    const example = `<<SYS>>
You are a coding assistant. Prefer step-by-step reasoning.
<<SYS_END>>

<<USER>>
Write a Python function that returns the factorial of n and show an example call.
<<USER_END>>

<<ASSISTANT>>
I'll draft the function and then test it.
<<ASSISTANT_END>>

<<ASSISTANT>>
Here is the implementation:

\`\`\`python
def factorial(n):
    if n < 0:
        raise ValueError("n must be non-negative")
    result = 1
    for i in range(2, n + 1):
        result *= i
    return result

print(factorial(5))  # 120
\`\`\`
<<ASSISTANT_END>>`;
    const parsed = rwkvFormat.parse(example);
    expect(parsed.diagnostics).toEqual([]);
    const messages = (parsed.record as Conversation).messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'assistant']);
    expect(render(parsed.record as Conversation).text).toBe(example);
  });
});

describe('RWKV rendering', () => {
  it('leaves the last assistant block open while streaming', () => {
    const c = conversation([textMessage('user', 'Hi'), textMessage('assistant', 'Hel')]);
    expect(render(c, true).text).toBe('<<USER>>\nHi\n<<USER_END>>\n\n<<ASSISTANT>>\nHel');
    expect(render(conversation([textMessage('user', 'Hi')]), true).text).toBe('<<USER>>\nHi\n<<USER_END>>\n\n<<ASSISTANT>>\n');
    const parsed = rwkvFormat.parse('<<USER>>\nHi\n<<USER_END>>\n\n<<ASSISTANT>>\nHel', { streaming: true });
    expect(parsed.diagnostics).toEqual([]);
    expect((parsed.record as Conversation).messages[1]?.content).toEqual({ type: 'text', text: 'Hel' });
    expect(codes(rwkvFormat.parse('<<USER>>\nHi\n<<USER_END>>\n\n<<ASSISTANT>>\nHel'))).toEqual(['rwkv/syntax']);
  });

  it('escapes attribute values and reads them back', () => {
    const name = 'we"ird\\name\nwith >> inside';
    const c = conversation([{ ...textMessage('assistant', ''), content: null, toolCalls: [toolCall(name, '{}', { callId: 'a"b' })] }]);
    const rendered = render(c);
    expect(rendered.text).toBe('<<TOOL_CALL name="we\\"ird\\\\name\\nwith >> inside" id="a\\"b">>\n{}\n<<END_TOOL_CALL>>');
    const call = (rwkvFormat.parse(rendered.text).record as Conversation).messages[0]?.toolCalls?.[0];
    expect(call?.name).toBe(name);
    expect(call?.callId).toBe('a"b');
  });

  it('marks the assistant output and tool calls as trainable, and nothing else', () => {
    const c = conversation([textMessage('user', 'u'), textMessage('assistant', 'a', { toolCalls: [toolCall('f', '{}')] }), toolMessage('{}')]);
    const rendered = render(c);
    const trainable = rendered.spans.filter((s) => s.trainable).map((s) => rendered.text.slice(s.start, s.end)).join('');
    expect(trainable).toBe('a\n<<ASSISTANT_END>>\n\n<<TOOL_CALL name="f">>\n{}\n<<END_TOOL_CALL>>');
    const tags = rendered.spans.filter((s) => s.kind === 'special').map((s) => rendered.text.slice(s.start, s.end));
    expect(tags).toEqual(['<<USER>>', '<<USER_END>>', '<<ASSISTANT>>', '<<ASSISTANT_END>>', '<<TOOL_CALL', '>>', '<<END_TOOL_CALL>>', '<<TOOL_RESULT>>', '<<END_TOOL_RESULT>>']); // adjacent special spans of one block merge
    expectCoverage(rendered);
  });

  it('points spans at the fields that produced them', () => {
    const c = conversation([textMessage('assistant', 'x', { toolCalls: [toolCall('f', '{"a": 1}', { callId: 'c1' })] })]);
    const rendered = render(c);
    const at = (text: string) => rendered.spans.find((s) => rendered.text.slice(s.start, s.end) === text)?.path;
    expect(at('x')).toEqual(['messages', 0, 'content']);
    expect(at('f')).toEqual(['messages', 0, 'toolCalls', 0, 'name']);
    expect(at('c1')).toEqual(['messages', 0, 'toolCalls', 0, 'callId']);
    expect(at('{"a": 1}')).toEqual(['messages', 0, 'toolCalls', 0, 'arguments']);
  });

  it('reports what RWKV cannot hold', () => {
    const image: Part = { id: 'p1', type: 'image', url: 'data:image/png;base64,AAAA' };
    const c = conversation(
      [
        textMessage('developer', 'dev'),
        partsMessage('user', [textPart('look: '), image], { name: 'alice' }),
        blocksMessage([thoughts('hmm'), response('ok')]),
        textMessage('critic', 'meh'),
      ],
      [toolDefinition('f', 'does f', { type: 'object' })],
    );
    const rendered = render(c);
    expect(rendered.text).toContain('<<USER>>\nlook: [image]\n<<USER_END>>');
    expect(rendered.text).not.toContain('hmm');
    const lost = rendered.diagnostics.filter((d) => d.code === 'lost-in-conversion').map((d) => d.message);
    expect(lost).toHaveLength(5);
    expect(lost.every((m) => m.startsWith('lost in conversion: '))).toBe(true);
    expect(lost.join('\n')).toMatch(/developer role[\s\S]*speaker name "alice"[\s\S]*image[\s\S]*thoughts[\s\S]*tool definition/);
    // The role "critic" is written as a user block; the structural checks report it (core/checks/structure).
    expect(rendered.text).toContain('<<USER>>\nmeh\n<<USER_END>>');
    expect(codes(rendered).filter((code) => code.endsWith('unknown-role'))).toEqual([]);
  });

  it('warns about non-object payloads and token injection', () => {
    const c = conversation([textMessage('user', 'say <<ASSISTANT_END>>'), textMessage('assistant', '', { toolCalls: [toolCall('f', '[1]')] }), toolMessage('22 degrees')]);
    const rendered = render(c);
    // Call arguments carry validateRecord's code (one problem in the app and CLI); a result, RWKV's own.
    expect(codes(rendered)).toEqual(['token-injection', 'tool-call/arguments-not-object', 'rwkv/payload-not-object']);
    expect(rendered.diagnostics.map((d) => d.path)).toEqual([['messages', 0, 'content'], ['messages', 1, 'toolCalls', 0, 'arguments'], ['messages', 2, 'content']]);
  });

  it('refuses a document record', () => {
    expect(codes(rwkvFormat.render({ kind: 'document', files: [] }))).toEqual(['rwkv/record-kind']);
  });
});

describe('RWKV parsing errors', () => {
  it.each([
    ['<<USER>>\nhi\n<<USER_END>>\nstray', 'rwkv/syntax'],
    ['<<TOOL_CALL id="x">>\n{}\n<<END_TOOL_CALL>>', 'rwkv/missing-name'],
    ['<<TOOL_CALL name="x" colour="red">>\n{}\n<<END_TOOL_CALL>>', 'rwkv/syntax'],
    ['<<TOOL_CALL name="x>>\n{}\n<<END_TOOL_CALL>>', 'rwkv/syntax'],
    ['hello', 'rwkv/syntax'],
    ['<<USER>> hi\n<<USER_END>>', 'rwkv/syntax'],
  ])('reports %j', (text, code) => {
    const { diagnostics } = rwkvFormat.parse(text);
    expect(diagnostics.map((d) => d.code)).toContain(code);
    expect(diagnostics.find((d) => d.code === code)?.message).toMatch(/^line \d+, column \d+: /);
  });

  it('keeps an unknown status in extra and writes it back', () => {
    const text = '<<TOOL_RESULT name="f" status="pending">>\n{}\n<<END_TOOL_RESULT>>';
    const { record } = rwkvFormat.parse(text);
    expect((record as Conversation).messages[0]?.extra).toEqual({ status: 'pending' });
    expect(render(record as Conversation).text).toBe(text);
  });

  it('accepts a trailing line break after the last block', () => {
    const { record, diagnostics } = rwkvFormat.parse('<<USER>>\nhi\n<<USER_END>>\n');
    expect(diagnostics).toEqual([]);
    expect((record as Conversation).messages).toHaveLength(1);
  });
});

// ---- property: render(parse(render(c))) === render(c) ----

const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '<', '>', '"', '\\', '{', '}', ':', '1', 'é', '😀'), maxLength: 12 });
const jsonArgs = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }).map((o) => JSON.stringify(o));
const call: fc.Arbitrary<ToolCall> = fc.record({ name: text, args: fc.oneof(jsonArgs, text), id: fc.option(text, { nil: undefined }) }).map(({ name, args, id }) => toolCall(name, args, id === undefined ? {} : { callId: id }));
const part: fc.Arbitrary<Part> = fc.oneof(text.map(textPart), fc.constant<Part>({ id: 'img', type: 'image', url: 'https://example.com/a.png' }), fc.jsonValue().map((value): Part => ({ id: 'v', type: 'value', value })));
const content = fc.oneof(
  text.map((t) => ({ type: 'text' as const, text: t })),
  fc.array(part, { maxLength: 3 }).map((parts) => ({ type: 'parts' as const, parts })),
  fc.constant(null),
  fc.constant(undefined),
);
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constantFrom('system', 'user', 'developer', 'assistant', 'tool', 'critic'), content, name: fc.option(text, { nil: undefined }) }).map(({ role, content: c, name }) => {
    const m: Message = { id: 'm', role, content: c };
    if (name !== undefined) m.name = name;
    return m;
  }),
  fc.record({ content, calls: fc.array(call, { maxLength: 3 }) }).map(({ content: c, calls }): Message => ({ id: 'm', role: 'assistant', content: c, toolCalls: calls })),
  fc.record({ out: fc.oneof(jsonArgs, text), id: fc.option(text, { nil: undefined }), isError: fc.option(fc.boolean(), { nil: undefined }) }).map(({ out, id, isError }) => {
    const m = toolMessage(out, id === undefined ? {} : { toolCallId: id });
    if (isError !== undefined) m.isError = isError;
    return m;
  }),
  fc.array(fc.oneof(text.map(thoughts), text.map(response), fc.array(call, { maxLength: 2 }).map(toolCalls), fc.array(fc.oneof(jsonArgs, text).map((o) => toolOutput(o)), { maxLength: 2 }).map(toolOutputs)), { maxLength: 4 }).map(blocksMessage),
);
const conversations = fc.array(message, { maxLength: 6 }).map((messages) => conversation(messages));

describe('RWKV round trip', () => {
  it('render(parse(render(c))) === render(c), with full span coverage', () => {
    fc.assert(
      fc.property(conversations, fc.boolean(), (c, streaming) => {
        const first = render(c, streaming);
        fc.pre(!codes(first).includes('token-injection'));
        expectCoverage(first);
        const parsed = rwkvFormat.parse(first.text, { streaming });
        expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(render(parsed.record as Conversation, streaming).text).toBe(first.text);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('RWKV: what a source kept beyond the model (extra)', () => {
  it('lists unknown fields as not shown (info), with their paths', () => {
    const record = openAiChatCodec.decode({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'high' } }] }],
    }).record as Conversation;
    const system = anthropicCodec.decode({ system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [] }).record as Conversation;
    const rendered = render({ ...record, messages: [...system.messages, ...record.messages] });
    expect(rendered.diagnostics.filter((d) => d.code === 'rwkv/not-shown').map((d) => [d.severity, d.path, d.message])).toEqual([
      ['info', ['extra'], 'not shown in RWKV text: the field "model" at extra (RWKV blocks have no place for a source\'s other fields)'],
      ['info', ['messages', 0, 'extra'], 'not shown in RWKV text: the field "cache_control" at messages[0].extra (RWKV blocks have no place for a source\'s other fields)'],
      ['info', ['messages', 1, 'content', 'parts', 1, 'extra'], 'not shown in RWKV text: the field "image_url" at messages[1].content.parts[1].extra (RWKV blocks have no place for a source\'s other fields)'],
    ]);
  });

  it('shows its own unknown status as the status attribute, and not another dialect\'s "status" field', () => {
    const own = rwkvFormat.parse('<<TOOL_RESULT id="c1" status="pending">>\n{}\n<<END_TOOL_RESULT>>').record as Conversation;
    expect(own.messages[0]?.extraSource).toBe('rwkv');
    expect(codes(render(own))).toEqual([]);
    const responses = conversation([{ ...toolMessage('{}', { toolCallId: 'c1' }), extra: { status: 'completed' }, extraSource: 'openai-responses' }]);
    const rendered = render(responses);
    expect(rendered.text).toBe('<<TOOL_RESULT id="c1">>\n{}\n<<END_TOOL_RESULT>>');
    expect(codes(rendered)).toEqual(['rwkv/not-shown']);
  });
});

describe('RWKV: a missing blank line between blocks', () => {
  it('reads the blocks, with a warning where the next block starts', () => {
    const text = '<<USER>>\nhi\n<<USER_END>>\n<<ASSISTANT>>\nhello\n<<ASSISTANT_END>>';
    const { record, diagnostics } = rwkvFormat.parse(text);
    expect(diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([['warning', 'rwkv/missing-blank-line', 'line 4, column 1: expected a blank line before this block (spec 004 separates blocks with one); read as the next block.']]);
    expect((record as Conversation).messages.map((m) => [m.role, m.content])).toEqual([
      ['user', { type: 'text', text: 'hi' }],
      ['assistant', { type: 'text', text: 'hello' }],
    ]);
  });

  it('does not swallow the blocks up to a later end tag that is followed by a blank line', () => {
    const text = '<<USER>>\nhi\n<<USER_END>>\n<<ASSISTANT>>\nhello\n<<ASSISTANT_END>>\n\n<<USER>>\nagain\n<<USER_END>>';
    const { record, diagnostics } = rwkvFormat.parse(text);
    expect(diagnostics.map((d) => d.code)).toEqual(['rwkv/missing-blank-line']);
    expect((record as Conversation).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});
