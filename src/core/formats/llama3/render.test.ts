/**
 * Llama 3.1 by hand: texts written from the template's statements, the built-in tool case
 * against the output of Python's jinja2 (which transformers uses; `@huggingface/jinja` 0.5.11
 * cannot render it), the training mask, conversions and parsing. The byte-exact comparison
 * with the template on `@huggingface/jinja` is in test/hub-templates/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls } from '../../model/builders.ts';
import type { Conversation, ToolDefinition } from '../../model/types.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { llama3Format } from './index.ts';

// The renderer and parser are loaded on demand (Format.prepare).
beforeAll(() => llama3Format.prepare?.());

const HEAD = '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n';

describe('Llama 3.1 render', () => {
  it('writes the date header, trims content and ends turns with <|eot_id|>', () => {
    const rendered = llama3Format.render(conversation([textMessage('system', ' Be brief. '), textMessage('user', 'Hi\n'), textMessage('assistant', 'Hello!')]), { dateString: '10 Jul 2025' });
    expect(rendered.text).toBe(
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: 10 Jul 2025\n\nBe brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello!<|eot_id|>',
    );
    const trained = rendered.spans.filter((s) => s.trainable).map((s) => rendered.text.slice(s.start, s.end)).join('');
    expect(trained).toBe('Hello!<|eot_id|>');
  });

  it('matches jinja2 (transformers) on built-in tools: the Tools line, <|python_tag|> calls and <|eom_id|>', () => {
    // Python: jinja2 3.1 with trim_blocks and lstrip_blocks, builtin_tools=['brave_search', 'code_interpreter'].
    const expected =
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\nTools: brave_search\n\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\nx<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nWeather?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n<|python_tag|>brave_search.call(query="x", lang="en")<|eom_id|><|start_header_id|>ipython<|end_header_id|>\n\n"{\\"a\\": 1}"<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nDone.<|eot_id|>';
    const c = conversation([
      textMessage('system', ' x '),
      textMessage('user', 'Weather?'),
      { ...textMessage('assistant', ''), content: null, toolCalls: [toolCall('brave_search', '{"query": "x", "lang": "en"}', { argumentsWasObject: true })] },
      textMessage('ipython', '{"a": 1}'),
      textMessage('assistant', 'Done.'),
    ]);
    const rendered = llama3Format.render(c, { builtinTools: 'brave_search, code_interpreter' });
    expect(rendered.text).toBe(expected);
    expect(rendered.diagnostics).toEqual([]);
    const parsed = llama3Format.parse(expected);
    expect(parsed.diagnostics).toEqual([]);
    expect((parsed.record as Conversation).messages[2]?.toolCalls?.[0]).toMatchObject({ name: 'brave_search', arguments: '{"query": "x", "lang": "en"}' });
    expect(llama3Format.render(parsed.record, { builtinTools: 'brave_search, code_interpreter' }).text).toBe(expected);
  });

  it('reports two calls in one message as the error the template raises, and the text beside a call as lost', () => {
    const c = conversation([textMessage('user', 'Q'), textMessage('assistant', 'Checking.', { toolCalls: [toolCall('f', '{}'), toolCall('g', '{}')] })]);
    const rendered = llama3Format.render(c);
    expect(rendered.text).toBe(`${HEAD}<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nQ<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n{"name": "f", "parameters": {}}<|eot_id|>`);
    expect(rendered.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['llama3/template-raises', 'error'],
      [LOST_CODE, 'warning'],
    ]);
  });

  it('names the calls it leaves out where they are: two calls of a block (found by the interop oracle: the error named `toolCalls`, which the message did not have)', () => {
    const c = conversation([textMessage('user', 'Q'), blocksMessage([toolCalls([toolCall('f', '{"a":1}'), toolCall('g', '{"b":2}')])])]);
    const raised = llama3Format.render(c).diagnostics.find((d) => d.code === 'llama3/template-raises');
    expect(raised?.path).toEqual(['messages', 1, 'content', 'blocks', 0, 'calls']);
    const legacy = llama3Format.render(conversation([textMessage('user', 'Q'), textMessage('assistant', '', { toolCalls: [toolCall('f', '{}'), toolCall('g', '{}')] })]));
    expect(legacy.diagnostics.find((d) => d.code === 'llama3/template-raises')?.path).toEqual(['messages', 1, 'toolCalls']);
  });

  it('loses thoughts in conversion (Llama 3.1 has no reasoning)', () => {
    const rendered = llama3Format.render(conversation([textMessage('user', 'Q'), blocksMessage([thoughts('hmm'), response('A')])]));
    expect(rendered.text).toBe(`${HEAD}<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nQ<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nA<|eot_id|>`);
    expect(rendered.diagnostics).toEqual([expect.objectContaining({ code: LOST_CODE, path: ['messages', 1, 'content', 'blocks', 0] })]);
  });

  it('puts the tools in the system turn when tools_in_user_message is off', () => {
    const c = conversation([textMessage('user', 'Q')], [{ id: 't', name: 'f', parameters: {} }]);
    const rendered = llama3Format.render(c, { toolsInUserMessage: false });
    expect(rendered.text).toBe(
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nEnvironment: ipython\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\nYou have access to the following functions. To call a function, please respond with JSON for a function call.Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.Do not use variables.\n\n{\n    "name": "f",\n    "parameters": {}\n}\n\n<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nQ<|eot_id|>',
    );
    const parsed = llama3Format.parse(rendered.text, { toolsInUserMessage: false });
    expect((parsed.record as Conversation).tools).toEqual([expect.objectContaining({ name: 'f', parameters: {} })]);
  });
});

describe('Llama 3.1: what it does not write, it says', () => {
  const fn: ToolDefinition = { id: 't1', name: 'f', parameters: {} };
  const search: ToolDefinition = { id: 't2', name: 'web_search_preview', type: 'web_search_preview', extraSource: 'openai-responses' };

  it('leaves a provider built-in tool out of the function prompt (system or user turn), one lost diagnostic per tool', () => {
    const messages = [textMessage('user', 'Q')];
    for (const toolsInUserMessage of [true, false]) {
      const mixed = llama3Format.render(conversation(messages, [fn, search]), { toolsInUserMessage });
      expect(mixed.text).toBe(llama3Format.render(conversation(messages, [fn]), { toolsInUserMessage }).text);
      expect(mixed.text).not.toContain('web_search');
      expect(mixed.diagnostics.filter((d) => d.code === LOST_CODE)).toEqual([expect.objectContaining({ path: ['tools', 1], message: expect.stringContaining('"web_search_preview"') })]);
    }
    // Only built-in tools: no "Environment: ipython", no tool instructions, as with no tools.
    const only = llama3Format.render(conversation(messages, [search]));
    expect(only.text).toBe(`${HEAD}<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nQ<|eot_id|>`);
  });

  it('reports citations and annotations on text as lost, one per kind and place', () => {
    const cited = { ...response('Paris'), extra: { citations: [{ type: 'char_location' }], annotations: [{ type: 'url_citation' }] } };
    const rendered = llama3Format.render(conversation([textMessage('user', 'Q'), blocksMessage([cited])]));
    expect(rendered.text).toContain('Paris<|eot_id|>');
    expect(rendered.diagnostics.filter((d) => d.code === LOST_CODE).map((d) => d.path)).toEqual([
      ['messages', 1, 'content', 'blocks', 0, 'extra', 'annotations'],
      ['messages', 1, 'content', 'blocks', 0, 'extra', 'citations'],
    ]);
  });
});

