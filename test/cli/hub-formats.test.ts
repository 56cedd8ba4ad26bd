/**
 * `parley render` and `parley parse` with the ChatML (Qwen2.5) and Llama 3.1 formats: OpenAI
 * Chat JSON in, the template's text out (options from their flags), and that text parsed back
 * to JSON that renders it again. The expected texts are written from the templates' statements.
 */
import { describe, expect, it } from 'vitest';
import { parley } from './run.ts';

const CHAT = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '21' },
  ],
};

describe('parley render and parse: chatml and llama3', () => {
  it('renders ChatML as Qwen2.5 writes it, with the generation prompt flag, and reads it back', async () => {
    const run = await parley(['render', '--format', 'chatml', '--add-generation-prompt'], JSON.stringify(CHAT));
    expect(run.code).toBe(0);
    const expected =
      '<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n<|im_start|>user\nWeather in Bern?<|im_end|>\n<|im_start|>assistant\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Bern"}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\n21\n</tool_response><|im_end|>\n<|im_start|>assistant\n';
    expect(run.stdout).toBe(expected);
    const parsed = await parley(['parse', '--format', 'chatml', '--add-generation-prompt'], expected);
    expect(parsed.code).toBe(0);
    const again = await parley(['render', '--format', 'chatml', '--add-generation-prompt'], parsed.stdout);
    expect(again.stdout).toBe(expected);
  });

  it('renders Llama 3.1 with the date and arguments flags, and parses it to OpenAI Chat JSON', async () => {
    const run = await parley(['render', '--format', 'llama3', '--date-string', '10 Jul 2025', '--arguments', 'as-given'], JSON.stringify(CHAT));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      '<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: 10 Jul 2025\n\n<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nWeather in Bern?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n{"name": "get_weather", "parameters": "{\\"city\\": \\"Bern\\"}"}<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n"21"<|eot_id|>',
    );
    const parsed = await parley(['parse', '--format', 'llama3', '--output-dialect', 'openai-chat'], run.stdout);
    expect(parsed.code).toBe(0);
    expect(JSON.parse(parsed.stdout)).toMatchObject({ messages: [{ role: 'user' }, { role: 'assistant' }, { role: 'tool', content: '21' }] });
  });
});
