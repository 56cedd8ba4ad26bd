/**
 * ChatML (Qwen2.5) by hand: texts written from the template's statements (not copied from the
 * renderer), the training mask, what is lost in conversion, and parsing. The byte-exact
 * comparison with the template itself is in test/hub-templates/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { blocksMessage, conversation, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls, toolOutput, toolOutputs } from '../../model/builders.ts';
import type { Conversation, ToolDefinition } from '../../model/types.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { chatMlFormat } from './index.ts';

// The renderer and parser are loaded on demand (Format.prepare).
beforeAll(() => chatMlFormat.prepare?.());

const DEFAULT = '<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n';

describe('ChatML (Qwen2.5) render', () => {
  it('writes the default system message when the conversation has none, and the generation prompt', () => {
    const rendered = chatMlFormat.render(conversation([textMessage('user', 'Hi'), textMessage('assistant', 'Hello!')]), { addGenerationPrompt: true });
    expect(rendered.text).toBe(`${DEFAULT}<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n<|im_start|>assistant\n`);
    expect(rendered.diagnostics).toEqual([]);
  });

  it('trains on the assistant content and its <|im_end|>, not on its header or the line break after', () => {
    const rendered = chatMlFormat.render(conversation([textMessage('system', 'S'), textMessage('user', 'Q'), textMessage('assistant', 'A')]));
    const trained = rendered.spans.filter((s) => s.trainable).map((s) => rendered.text.slice(s.start, s.end)).join('');
    expect(trained).toBe('A<|im_end|>');
  });

  it('trains a call turn from after its generation prompt: the line break after "assistant" is the prompt\'s, the call and <|im_end|> are trained', () => {
    const trainedOf = (c: Conversation) => {
      const rendered = chatMlFormat.render(c);
      // Trained runs, `|` between runs that are apart.
      let out = '';
      let end = -1;
      for (const s of rendered.spans.filter((span) => span.trainable)) {
        out += (end >= 0 && s.start !== end ? '|' : '') + rendered.text.slice(s.start, s.end);
        end = s.end;
      }
      return out;
    };
    // The generation prompt is `<|im_start|>assistant\n`: what the model writes starts after it.
    expect(trainedOf(conversation([textMessage('user', 'Q'), textMessage('assistant', '', { toolCalls: [toolCall('f', '{}')] })]))).toBe('<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call><|im_end|>');
    expect(trainedOf(conversation([textMessage('user', 'Q'), textMessage('assistant', 'Let me check.', { toolCalls: [toolCall('f', '{}')] })]))).toBe('Let me check.\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call><|im_end|>');
  });

  it('writes calls with object arguments, or quoted when they are not a JSON object (warned)', () => {
    const c = conversation([textMessage('user', 'Q'), textMessage('assistant', 'Let me check.', { toolCalls: [toolCall('f', '{"a":1}'), toolCall('g', 'not json')] })]);
    const rendered = chatMlFormat.render(c);
    expect(rendered.text).toBe(
      `${DEFAULT}<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\nLet me check.\n<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>\n<tool_call>\n{"name": "g", "arguments": "not json"}\n</tool_call><|im_end|>\n`,
    );
    expect(rendered.diagnostics.map((d) => d.code)).toEqual(['chatml/string-arguments']);
    // As given: a string stays a string, as the template writes what the OpenAI API sends.
    expect(chatMlFormat.render(c, { arguments: 'as-given' }).text).toContain('"arguments": "{\\"a\\":1}"}');
  });

  it('turns a structured assistant into a message with calls and tool responses; thoughts are lost in conversion', () => {
    const c = conversation([textMessage('user', 'Q'), blocksMessage([thoughts('hmm'), toolCalls([toolCall('f', '{}')]), toolOutputs([toolOutput('1'), toolOutput('2')]), response('Done.')])]);
    const rendered = chatMlFormat.render(c);
    expect(rendered.text).toBe(
      `${DEFAULT}<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\n1\n</tool_response>\n<tool_response>\n2\n</tool_response><|im_end|>\n<|im_start|>assistant\nDone.<|im_end|>\n`,
    );
    expect(rendered.diagnostics).toEqual([expect.objectContaining({ code: LOST_CODE, path: ['messages', 1, 'content', 'blocks', 0] })]);
  });

  it('writes nothing for a role the template has no turn for (the structural checks report it), and reports content it would raise on', () => {
    const rendered = chatMlFormat.render(conversation([textMessage('developer', 'D'), { ...textMessage('user', ''), content: null }]));
    expect(rendered.text).toBe(`${DEFAULT}<|im_start|>user\n<|im_end|>\n`);
    expect(rendered.diagnostics.map((d) => [d.code, d.severity])).toEqual([['chatml/template-raises', 'error']]);
  });

  it('warns when content holds the format\'s own tokens', () => {
    const rendered = chatMlFormat.render(conversation([textMessage('user', 'a<|im_end|>b')]));
    expect(rendered.diagnostics.map((d) => d.code)).toEqual(['chatml/token-injection']);
  });
});

describe('ChatML (Qwen2.5) parse', () => {
  it('reads tools, calls and tool responses back', () => {
    const text =
      '<|im_start|>system\nS\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n{"type": "function", "function": {"name": "f", "parameters": {}}}\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n<|im_start|>user\nQ<|im_end|>\n<|im_start|>assistant\n<tool_call>\n{"name": "f", "arguments": {"x": [1, 2]}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\nok\n</tool_response><|im_end|>\n';
    const { record, diagnostics } = chatMlFormat.parse(text);
    expect(diagnostics).toEqual([]);
    const c = record as Conversation;
    expect(c.tools).toEqual([expect.objectContaining({ name: 'f', parameters: {}, wrapped: true })]);
    expect(c.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(c.messages[2]?.toolCalls).toEqual([expect.objectContaining({ name: 'f', arguments: '{"x": [1, 2]}', argumentsWasObject: true })]);
    expect(c.messages[3]?.content).toEqual({ type: 'text', text: 'ok' });
    expect(chatMlFormat.render(record).text).toBe(text);
  });

  it('reports text that is not a ChatML turn with its line and column', () => {
    const { diagnostics } = chatMlFormat.parse(`${DEFAULT}hello`);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'chatml/syntax', severity: 'error', message: expect.stringContaining('line 3, column 1') })]);
  });
});

describe('ChatML (Qwen2.5): what it does not write, it says', () => {
  const fn: ToolDefinition = { id: 't1', name: 'f', parameters: {} };
  const search: ToolDefinition = { id: 't2', name: 'web_search', type: 'web_search_20250305', extra: { name: 'web_search' }, extraSource: 'anthropic' };
  const mcp: ToolDefinition = { id: 't3', name: 'mcp', type: 'mcp', extra: { server_label: 's' }, extraSource: 'openai-responses' };

  it('leaves a provider built-in tool out of the function prompt, one lost diagnostic per tool at its path', () => {
    const messages = [textMessage('user', 'Q')];
    const mixed = chatMlFormat.render(conversation(messages, [search, fn, mcp]));
    // The prompt is the one written for the function tool alone.
    expect(mixed.text).toBe(chatMlFormat.render(conversation(messages, [fn])).text);
    expect(mixed.text).not.toContain('web_search');
    const lost = mixed.diagnostics.filter((d) => d.code === LOST_CODE);
    expect(lost).toEqual([
      expect.objectContaining({ path: ['tools', 0], message: expect.stringContaining('"web_search_20250305"') }),
      expect.objectContaining({ path: ['tools', 2], message: expect.stringContaining('"mcp"') }),
    ]);
    // Only built-in tools: no tools section at all, the default system message as with no tools.
    expect(chatMlFormat.render(conversation(messages, [search])).text).toBe(`${DEFAULT}<|im_start|>user\nQ<|im_end|>\n`);
  });

  it('reports citations and annotations on text as lost, one per kind and place (an empty list loses nothing)', () => {
    const cited = { ...response('Paris'), extra: { citations: [{ type: 'char_location', cited_text: 'x' }] } };
    const annotated = { ...response(' is big'), extra: { annotations: [{ type: 'url_citation', url: 'u' }], citations: [] } };
    const part = { ...textPart('Hi'), extra: { citations: [{ type: 'web_search_result_location' }] } };
    const rendered = chatMlFormat.render(conversation([partsMessage('user', [part]), blocksMessage([cited, annotated])]));
    expect(rendered.text).toContain('Paris is big');
    const lost = rendered.diagnostics.filter((d) => d.code === LOST_CODE).map((d) => [d.path, d.message.slice(0, d.message.indexOf(' at '))]);
    expect(lost).toEqual([
      [['messages', 0, 'content', 'parts', 0, 'extra', 'citations'], 'lost in conversion: the citations'],
      [['messages', 1, 'content', 'blocks', 0, 'extra', 'citations'], 'lost in conversion: the citations'],
      [['messages', 1, 'content', 'blocks', 1, 'extra', 'annotations'], 'lost in conversion: the annotations'],
    ]);
  });
});
