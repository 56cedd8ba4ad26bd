/**
 * The parser on hand-written texts: what it reads, which options it finds in the text, and
 * every parse diagnostic (with its position). The round trip on rendered texts is the
 * property test's job.
 */
import { describe, expect, it } from 'vitest';
import type { Conversation, DocumentRecord, Message, ParleyRecord } from '../../model/types.ts';
import { PARSE_CODES } from './codes.ts';
import { openChatMlFormat } from './index.ts';
import { parseOpenChatMl } from './parse.ts';
import { codes } from './test-support.ts';

/** The record without ids, for comparing with a literal. */
function plain(record: ParleyRecord): unknown {
  return JSON.parse(JSON.stringify(record, (key, value: unknown) => (key === 'id' ? undefined : value)));
}

function chat(text: string, hints = {}): { record: Conversation; parsed: ReturnType<typeof parseOpenChatMl> } {
  const parsed = parseOpenChatMl(text, hints);
  if (parsed.record.kind !== 'chat') throw new Error('expected a chat');
  return { record: parsed.record, parsed };
}

function messages(text: string, hints = {}): unknown {
  return (plain(chat(text, hints).record) as { messages: Message[] }).messages;
}

describe('reading', () => {
  it('roles, names, thought flags, thought blocks, answers', () => {
    const text = '[BOS]<|im_start|>system name=Sys\nBe brief.<|introspect|><|reason|>\n<|im_end|>\n<|im_start|>assistant name=Bot\n<|start_introspect|>I<|end_introspect|>\n<|start_reason|>R<|end_reason|>\nAnswer\nmore\n<|im_end|>[EOS]';
    expect(messages(text)).toEqual([
      { role: 'system', name: 'Sys', content: { type: 'text', text: 'Be brief.' }, thoughtFlags: ['introspect', 'reason'] },
      {
        role: 'assistant',
        name: 'Bot',
        content: {
          type: 'blocks',
          blocks: [
            { type: 'thoughts', text: 'I', kind: 'introspect' },
            { type: 'thoughts', text: 'R', kind: 'reason' },
            { type: 'response', text: 'Answer\nmore' },
          ],
        },
      },
    ]);
  });

  it('flags out of the spec\'s order stay in the text (it renders back the same)', () => {
    const text = '<|im_start|>system\nX<|reason|><|reflect|>\n<|im_end|>';
    expect(messages(text)).toEqual([{ role: 'system', content: { type: 'text', text: 'X<|reason|>' }, thoughtFlags: ['reflect'] }]);
  });

  it('function list, calls (several in one turn) and outputs; output names from the calls', () => {
    const text = [
      '[BOS]<|im_start|>system',
      'Tools:',
      '<|function_list|>',
      '{\n  "type": "function",\n  "function": {\n    "name": "add",\n    "parameters": {\n      "type": "object"\n    }\n  }\n}',
      '<|im_end|>',
      '<|im_start|>assistant',
      'Adding.',
      '<|function_call|>',
      '{"arguments": {"a": 1, "b": 2}, "name": "add"}',
      '<|function_call|>',
      '{"arguments": {"a": 3}, "name": "add"}',
      '<|im_end|>',
      '<|im_start|>tool',
      '<|function_output|>',
      '{\n  "name": "add",\n  "content": 3\n}',
      '<|im_end|>',
      '<|im_start|>tool',
      '<|function_output|>',
      '{\n  "name": "renamed",\n  "content": "plain text"\n}',
      '<|im_end|>[EOS]',
    ].join('\n');
    const { record, parsed } = chat(text);
    expect(parsed.diagnostics).toEqual([]);
    expect(plain(record)).toEqual({
      kind: 'chat',
      tools: [{ name: 'add', parameters: { type: 'object' } }],
      messages: [
        { role: 'system', content: { type: 'text', text: 'Tools:' } },
        {
          role: 'assistant',
          content: {
            type: 'blocks',
            blocks: [
              { type: 'response', text: 'Adding.' },
              { type: 'tool_calls', calls: [{ name: 'add', arguments: '{"a": 1, "b": 2}' }, { name: 'add', arguments: '{"a": 3}' }] },
            ],
          },
        },
        { role: 'tool', content: { type: 'text', text: '3' } },
        { role: 'tool', name: 'renamed', content: { type: 'text', text: 'plain text' } },
      ],
    });
    expect(openChatMlFormat.render(record, parsed.options).text).toBe(text);
  });

  it('FIM segments in a message and in documents, in the order found', () => {
    expect(messages('<|im_start|>user\nfix: <|fim_prefix|>a<|fim_suffix|>c<|fim_middle|>b\n<|im_end|>')).toEqual([
      { role: 'user', content: { type: 'parts', parts: [{ type: 'text', text: 'fix: ' }, { type: 'fim', prefix: 'a', middle: 'b', suffix: 'c' }] } },
    ]);
    const parsed = parseOpenChatMl('one\n<|file_separator|>\n<|fim_suffix|>s<|fim_prefix|>p<|fim_middle|>m');
    expect(parsed.options.fimOrder).toBe('spm');
    expect(plain(parsed.record)).toEqual({ kind: 'document', files: [{ parts: [{ type: 'text', text: 'one' }] }, { parts: [{ type: 'fim', prefix: 'p', middle: 'm', suffix: 's' }] }] });
  });

  it('documents and empty texts', () => {
    expect(plain(parseOpenChatMl('').record)).toEqual({ kind: 'document', files: [] });
    expect(plain(parseOpenChatMl('<|file_separator|>\n').record)).toEqual({ kind: 'document', files: [{ parts: [] }] });
    expect(plain(parseOpenChatMl('[BOS][EOS]').record)).toEqual({ kind: 'chat', messages: [], tools: [] });
    expect(plain(parseOpenChatMl('<s></s>', { bosText: '<s>', eosText: '</s>' }).record)).toEqual({ kind: 'chat', messages: [], tools: [] });
  });
});

describe('options read from the text', () => {
  it('BOS, EOS and the line break before <|im_end|>', () => {
    expect(parseOpenChatMl('<s><|im_start|>user\nhi<|im_end|></s>').options).toMatchObject({ bosText: '<s>', eosText: '</s>', newlineBeforeImEnd: false });
    expect(parseOpenChatMl('<|im_start|>user\nhi\n<|im_end|>').options).toMatchObject({ bosText: '', eosText: '', newlineBeforeImEnd: true });
  });

  it('JSON layout: spec style and ASCII escapes when the text has them', () => {
    const list = '<|im_start|>system\nS\n<|function_list|>\n{\n  "type": "function",\n  "function": {\n    "name": "f",\n    "parameters": {\n      "required": ["x"]\n    }\n  }\n}\n<|im_end|>';
    expect(parseOpenChatMl(list).options).toMatchObject({ jsonStyle: 'spec', ensureAscii: false });
    const call = '<|im_start|>assistant\n<|function_call|>\n{"arguments": {"t": "Z\\u00fcrich"}, "name": "f"}\n<|im_end|>';
    const parsed = parseOpenChatMl(call);
    expect(parsed.options).toMatchObject({ jsonStyle: 'python', ensureAscii: true });
    expect(openChatMlFormat.render(parsed.record, parsed.options).text).toBe(call);
  });

  it('a leading file separator', () => {
    expect(parseOpenChatMl('<|file_separator|>\na\n<|file_separator|>\nb').options.leadingSeparator).toBe(true);
    expect(parseOpenChatMl('a\n<|file_separator|>\nb').options.leadingSeparator).toBe(false);
  });
});

describe('parse diagnostics', () => {
  it('BOS and EOS other than the given ones', () => {
    const { parsed } = chat('<s><|im_start|>user\nhi\n<|im_end|></s>', { bosText: '[BOS]', eosText: '[EOS]' });
    expect(codes(parsed)).toEqual([PARSE_CODES.bos, PARSE_CODES.eos, PARSE_CODES.nonCanonical]);
    expect(parsed.diagnostics[1]?.message).toMatch(/^line 3, column 11: the text after the last <\|im_end\|> is "<\/s>"/);
  });

  it('text between turns, an unclosed turn, a turn with no header line, extra header text', () => {
    expect(codes(chat('<|im_start|>user\na\n<|im_end|>\nstray\n<|im_start|>user\nb\n<|im_end|>').parsed)).toEqual([PARSE_CODES.between, PARSE_CODES.nonCanonical]);
    const unclosed = chat('<|im_start|>user\nhi\n<|im_start|>assistant\nyo\n<|im_end|>');
    expect(codes(unclosed.parsed)).toEqual([PARSE_CODES.unclosed, PARSE_CODES.nonCanonical]);
    expect(unclosed.record.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    // A bare header (a generation prompt) is read as an empty message of that role.
    const open = chat('<|im_start|>user');
    expect(codes(open.parsed)).toEqual([PARSE_CODES.unclosed, PARSE_CODES.nonCanonical]);
    expect(open.record.messages).toMatchObject([{ role: 'user', content: { type: 'text', text: '' } }]);
    const header = chat('<|im_start|>user lang=en\nhi\n<|im_end|>');
    expect(codes(header.parsed)).toEqual([PARSE_CODES.header, PARSE_CODES.nonCanonical]);
    expect(header.parsed.diagnostics[0]?.message).toContain('" lang=en"');
  });

  it('a missing line break before <|im_end|> when the option says there is one', () => {
    const { parsed } = chat('<|im_start|>user\nhi<|im_end|>', { newlineBeforeImEnd: true });
    expect(parsed.diagnostics.map((d) => [d.code, d.path])).toEqual([
      [PARSE_CODES.newline, ['messages', 0]],
      [PARSE_CODES.nonCanonical, ['messages', 0]],
    ]);
  });

  it('hand-made JSON layout is read, and the first difference is reported at its field', () => {
    const { record, parsed } = chat('<|im_start|>assistant\n<|function_call|>\n{"arguments":{"a":1},"name":"f"}\n<|im_end|>');
    expect(record.messages[0]?.content).toMatchObject({ type: 'blocks', blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: '{"a": 1}' }] }] });
    expect(parsed.diagnostics).toMatchObject([{ code: PARSE_CODES.nonCanonical, path: ['messages', 0, 'content', 'blocks', 0, 'calls', 0] }]);
    expect(parsed.diagnostics[0]?.message).toContain('line 3, column 14: the text is not laid out as Parley writes what was read here: the text has "{\\"a\\":1},');
  });

  it('a function list followed by text, and a tool message that is no function output, are kept as text', () => {
    const list = chat('<|im_start|>system\n\n<|function_list|>\n{"type": "function", "function": {"name": "f"}}\nmore\n<|im_end|>');
    expect(codes(list.parsed)).toEqual([PARSE_CODES.keptAsText]);
    expect(list.record.tools).toEqual([]);
    expect(list.parsed.diagnostics[0]?.message).toContain('text follows the definitions');
    const tool = chat('<|im_start|>tool\n42\n<|im_end|>');
    expect(codes(tool.parsed)).toEqual([PARSE_CODES.keptAsText, PARSE_CODES.nonCanonical]);
    expect(tool.record.messages[0]?.content).toEqual({ type: 'text', text: '42' });
  });

  it('FIM tokens that do not form a segment in the given order', () => {
    const parsed = parseOpenChatMl('<|fim_prefix|>a<|fim_middle|>b<|fim_suffix|>c', { fimOrder: 'psm' });
    expect(parsed.diagnostics).toMatchObject([{ code: PARSE_CODES.fimOrder, path: ['files', 0, 'parts'] }]);
    expect(parsed.diagnostics[0]?.message).toContain('they are in the spec order');
    expect((parsed.record as DocumentRecord).files[0]?.parts).toMatchObject([{ type: 'text', text: '<|fim_prefix|>a<|fim_middle|>b<|fim_suffix|>c' }]);
  });

  it('a leading separator option the text contradicts is an info', () => {
    expect(parseOpenChatMl('<|file_separator|>\na', { leadingSeparator: false }).diagnostics).toMatchObject([{ severity: 'info', code: PARSE_CODES.options }]);
  });
});
