/**
 * Rendering beyond the spec's examples: the options, function calling across messages, the
 * Apertus-style blocks, and the spans (kind, path, training mask) behind highlighting,
 * click-to-select and the mask view. Expected texts are written out by hand from docs/formats.md ('OpenChatML v0.1').
 */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, fimPart, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolDefinition, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { openChatMlFormat } from './index.ts';
import type { OpenChatMlOptions } from './options.ts';
import { codes, expectCoverage } from './test-support.ts';

function render(record: ParleyRecord, options: Partial<OpenChatMlOptions> = {}) {
  const rendered = openChatMlFormat.render(record, options);
  expectCoverage(rendered);
  return rendered;
}

/** [text, kind, path, trainable] of every span. */
function spans(record: ParleyRecord, options: Partial<OpenChatMlOptions> = {}) {
  const rendered = render(record, options);
  return rendered.spans.map((s) => [rendered.text.slice(s.start, s.end), s.kind, s.path.join('.'), s.trainable]);
}

describe('options', () => {
  it('BOS and EOS text are any strings', () => {
    const record = conversation([textMessage('user', 'Hi')]);
    expect(render(record, { bosText: '<s>', eosText: '</s>' }).text).toBe('<s><|im_start|>user\nHi\n<|im_end|></s>');
    expect(render(record, { bosText: '', eosText: '' }).text).toBe('<|im_start|>user\nHi\n<|im_end|>');
    expect(render(conversation([])).text).toBe('[BOS][EOS]');
  });

  it('FIM order: spec, psm and spm', () => {
    const record = documentRecord([documentFile([textPart('# '), fimPart('p', 'm', 's')])]);
    expect(render(record).text).toBe('# <|fim_prefix|>p<|fim_middle|>m<|fim_suffix|>s');
    expect(render(record, { fimOrder: 'psm' }).text).toBe('# <|fim_prefix|>p<|fim_suffix|>s<|fim_middle|>m');
    expect(render(record, { fimOrder: 'spm' }).text).toBe('# <|fim_suffix|>s<|fim_prefix|>p<|fim_middle|>m');
  });

  it('ensureAscii escapes JSON text as Python json.dumps does by default', () => {
    const record = conversation([blocksMessage([toolCalls([toolCall('météo', '{"ville": "Zürich 😀"}')])])]);
    expect(render(record).text).toContain('{"arguments": {"ville": "Zürich 😀"}, "name": "météo"}');
    // json.dumps({"arguments": {"ville": "Zürich 😀"}, "name": "météo"})
    expect(render(record, { ensureAscii: true }).text).toContain('{"arguments": {"ville": "Z\\u00fcrich \\ud83d\\ude00"}, "name": "m\\u00e9t\\u00e9o"}');
  });

  it('wrong option values fall back to the defaults', () => {
    const record = documentRecord([documentFile([fimPart('p', '', 's')])]);
    expect(render(record, { fimOrder: 'nope' as never, leadingSeparator: 'yes' as never }).text).toBe('<|fim_prefix|>p<|fim_middle|><|fim_suffix|>s');
  });
});

describe('messages', () => {
  it('thought flags follow the system content in the spec\'s order, whatever the order in the model', () => {
    const record = conversation([textMessage('system', 'Be kind.', { thoughtFlags: ['reason', 'reflect', 'reason'] })]);
    expect(render(record).text).toBe('[BOS]<|im_start|>system\nBe kind.<|reflect|><|reason|>\n<|im_end|>[EOS]');
  });

  it('thought blocks, text and calls are joined by line breaks; empty text adds nothing', () => {
    const record = conversation(
      [
        textMessage('system', 'S', { thoughtFlags: ['reason'] }),
        blocksMessage([thoughts('think', 'reason'), response('Let me look.'), toolCalls([toolCall('f', '{"a": 1}'), toolCall('g', '{}')]), response('')]),
      ],
      [toolDefinition('f'), toolDefinition('g')],
    );
    expect(render(record).text).toContain(
      '<|im_start|>assistant\n<|start_reason|>think<|end_reason|>\nLet me look.\n<|function_call|>\n{"arguments": {"a": 1}, "name": "f"}\n<|function_call|>\n{"arguments": {}, "name": "g"}\n<|im_end|>',
    );
  });

  it('FIM parts inside a message', () => {
    const record = conversation([partsMessage('user', [textPart('Complete: '), fimPart('a', '', 'c')])]);
    expect(render(record).text).toBe('[BOS]<|im_start|>user\nComplete: <|fim_prefix|>a<|fim_middle|><|fim_suffix|>c\n<|im_end|>[EOS]');
  });

  it('a tool message\'s name is the function name: in the output JSON, not in the header', () => {
    const record = conversation([blocksMessage([toolCalls([toolCall('f', '{}')])]), textMessage('tool', 'sunny', { name: 'f' })]);
    expect(render(record).text).toContain('<|im_start|>tool\n<|function_output|>\n{\n  "name": "f",\n  "content": "sunny"\n}\n<|im_end|>');
  });

  it('outputs pair with calls in order across messages, the name from the call', () => {
    const record = conversation([
      textMessage('user', 'q'),
      textMessage('assistant', '', { toolCalls: [toolCall('a', '{}'), toolCall('b', '{}')] }),
      textMessage('tool', '1'),
      textMessage('tool', '[2]'),
    ]);
    const { text } = render(record);
    expect(text).toContain('<|function_output|>\n{\n  "name": "a",\n  "content": 1\n}');
    expect(text).toContain('<|function_output|>\n{\n  "name": "b",\n  "content": [\n    2\n  ]\n}');
  });

  it('output content: JSON text is embedded as JSON, other text as a string, none as null', () => {
    const outputs = ['{"t": 21.5}', 'plain', '"quoted"', ''];
    const record = conversation([blocksMessage([toolCalls(outputs.map(() => toolCall('f', '{}')))]), ...outputs.map((o) => textMessage('tool', o)), { id: 'm-x', role: 'tool' }]);
    const { text } = render(record);
    expect(text).toContain('"content": {\n    "t": 21.5\n  }');
    expect(text).toContain('"content": "plain"');
    expect(text).toContain('"content": "quoted"');
    expect(text).toContain('"content": ""');
    expect(text).toContain('"name": "",\n  "content": null');
  });

  it('no system message: the function list gets a system turn of its own', () => {
    const rendered = render(conversation([textMessage('user', 'hi')], [toolDefinition('f', 'Does f.')]));
    expect(rendered.text).toBe(
      '[BOS]<|im_start|>system\n\n<|function_list|>\n{\n  "type": "function",\n  "function": {\n    "name": "f",\n    "description": "Does f."\n  }\n}\n<|im_end|>\n<|im_start|>user\nhi\n<|im_end|>[EOS]',
    );
    expect(codes(rendered)).toEqual(['openchatml/tools-without-system']);
  });

  it('the function list goes to the first system message only, definitions on their own lines', () => {
    const record = conversation([textMessage('user', 'u'), textMessage('system', 'A'), textMessage('system', 'B')], [toolDefinition('f'), toolDefinition('g')]);
    const { text } = render(record);
    expect(text).toContain('A\n<|function_list|>\n{\n  "type": "function",\n  "function": {\n    "name": "f"\n  }\n}\n{\n  "type": "function",\n  "function": {\n    "name": "g"\n  }\n}\n<|im_end|>');
    expect(text).toContain('<|im_start|>system\nB\n<|im_end|>');
  });

  it('an Apertus tool_outputs block becomes tool turns, and the assistant goes on in a new turn', () => {
    const record = conversation([
      blocksMessage([thoughts('t', 'reason'), toolCalls([toolCall('f', '{}')]), toolOutputs([toolOutput('ok', { name: 'f' })]), response('Done.')], { name: 'Bot' }),
    ]);
    const rendered = render(record);
    expect(rendered.text).toBe(
      '[BOS]<|im_start|>assistant name=Bot\n<|start_reason|>t<|end_reason|>\n<|function_call|>\n{"arguments": {}, "name": "f"}\n<|im_end|>\n' +
        '<|im_start|>tool\n<|function_output|>\n{\n  "name": "f",\n  "content": "ok"\n}\n<|im_end|>\n' +
        '<|im_start|>assistant name=Bot\nDone.\n<|im_end|>[EOS]',
    );
    expect(codes(rendered)).toEqual(['openchatml/thought-without-flag', 'openchatml/tool-outputs-split']);
  });

  it('documents: leading separator, empty files, no BOS or EOS', () => {
    const record = documentRecord([documentFile([]), documentFile([textPart('b')])]);
    expect(render(record).text).toBe('\n<|file_separator|>\nb');
    expect(render(record, { leadingSeparator: true }).text).toBe('<|file_separator|>\n\n<|file_separator|>\nb');
    expect(render(documentRecord([]), { leadingSeparator: true }).text).toBe('');
  });
});

describe('spans', () => {
  it('chat: special tokens, header structure, content; the assistant body and its <|im_end|> are trainable', () => {
    const record = conversation([textMessage('user', 'Hi', { name: 'Eric' }), textMessage('assistant', 'Yo')]);
    expect(spans(record)).toEqual([
      ['[BOS]', 'special', '', false],
      ['<|im_start|>', 'special', 'messages.0', false],
      ['user', 'structure', 'messages.0.role', false],
      [' name=', 'structure', 'messages.0.name', false],
      ['Eric', 'content', 'messages.0.name', false],
      ['\n', 'structure', 'messages.0', false],
      ['Hi', 'content', 'messages.0.content', false],
      ['\n', 'structure', 'messages.0', false],
      ['<|im_end|>', 'special', 'messages.0', false],
      ['\n', 'structure', '', false],
      ['<|im_start|>', 'special', 'messages.1', false],
      ['assistant', 'structure', 'messages.1.role', false],
      ['\n', 'structure', 'messages.1', false],
      ['Yo', 'content', 'messages.1.content', true],
      ['\n', 'structure', 'messages.1', true],
      ['<|im_end|>', 'special', 'messages.1', true],
      ['[EOS]', 'special', '', false],
    ]);
  });

  it('calls and outputs: JSON punctuation is structure, author values are content at their fields', () => {
    const record = conversation([blocksMessage([toolCalls([toolCall('f', '{"a": [1]}')])]), textMessage('tool', '{"ok": true}')]);
    const all = spans(record);
    expect(all).toContainEqual(['<|function_call|>', 'special', 'messages.0.content.blocks.0.calls.0', true]);
    expect(all).toContainEqual(['\n{"arguments": ', 'structure', 'messages.0.content.blocks.0.calls.0', true]);
    expect(all).toContainEqual(['"a"', 'content', 'messages.0.content.blocks.0.calls.0.arguments', true]);
    expect(all).toContainEqual(['"f"', 'content', 'messages.0.content.blocks.0.calls.0.name', true]);
    // The output's name comes from the call: its span points at the call's name field.
    expect(all).toContainEqual(['"f"', 'content', 'messages.0.content.blocks.0.calls.0.name', false]);
    expect(all).toContainEqual(['true', 'content', 'messages.1.content', false]);
    expect(all).toContainEqual(['<|function_output|>', 'special', 'messages.1.content', false]);
  });

  it('tools, flags and thoughts', () => {
    const record = conversation(
      [textMessage('system', 'S', { thoughtFlags: ['reflect'] }), blocksMessage([thoughts('hm', 'reflect'), response('A')])],
      [toolDefinition('f', 'd', { type: 'object' })],
    );
    const all = spans(record);
    expect(all).toContainEqual(['<|reflect|>', 'special', 'messages.0.thoughtFlags.0', false]);
    expect(all).toContainEqual(['<|function_list|>', 'special', 'tools', false]);
    expect(all).toContainEqual(['"f"', 'content', 'tools.0.name', false]);
    expect(all).toContainEqual(['"d"', 'content', 'tools.0.description', false]);
    expect(all).toContainEqual(['"type"', 'content', 'tools.0.parameters', false]);
    expect(all).toContainEqual(['<|start_reflect|>', 'special', 'messages.1.content.blocks.0', true]);
    expect(all).toContainEqual(['hm', 'content', 'messages.1.content.blocks.0.text', true]);
    expect(all).toContainEqual(['A', 'content', 'messages.1.content.blocks.1.text', true]);
  });

  it('documents: separators and FIM tokens; only the middle is trainable', () => {
    const record = documentRecord([documentFile([textPart('x')]), documentFile([fimPart('p', 'm', 's')])]);
    expect(spans(record, { fimOrder: 'psm' })).toEqual([
      ['x', 'content', 'files.0.parts.0.text', false],
      ['\n', 'structure', 'files.1', false],
      ['<|file_separator|>', 'special', 'files.1', false],
      ['\n', 'structure', 'files.1', false],
      ['<|fim_prefix|>', 'special', 'files.1.parts.0', false],
      ['p', 'content', 'files.1.parts.0.prefix', false],
      ['<|fim_suffix|>', 'special', 'files.1.parts.0', false],
      ['s', 'content', 'files.1.parts.0.suffix', false],
      ['<|fim_middle|>', 'special', 'files.1.parts.0', false],
      ['m', 'content', 'files.1.parts.0.middle', true],
    ]);
  });

  it('cover every character of a large mixed record', () => {
    const record = conversation(
      [
        textMessage('system', 'S', { thoughtFlags: ['reflect', 'introspect', 'reason'] }),
        partsMessage('user', [textPart('a'), fimPart('p', 'm', 's'), { id: 'p-img', type: 'image', url: 'data:,' }]),
        blocksMessage([thoughts('r', 'reflect'), toolCalls([toolCall('f', '{"x": "é"}')]), toolOutputs([toolOutput('1')]), response('ok')]),
        textMessage('tool', 'stray'),
      ],
      [toolDefinition('f', undefined, { type: 'object', properties: { x: { type: 'string' } } })],
    );
    for (const fimOrder of ['spec', 'psm', 'spm'] as const) for (const newlineBeforeImEnd of [true, false]) render(record, { fimOrder, newlineBeforeImEnd, jsonStyle: 'spec' });
  });
});
