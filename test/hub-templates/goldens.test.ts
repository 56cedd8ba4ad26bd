/**
 * The golden cases of `@huggingface/jinja`'s own suite (../shared/reference/hf-jinja-golden/):
 * the data read by the OpenAI Chat reader and rendered natively must be the suite's expected
 * text, byte for byte (the suite passes `add_generation_prompt` and `bos_token` as variables).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMlFormat } from '../../src/core/formats/chatml/index.ts';
import { llama3Format } from '../../src/core/formats/llama3/index.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, LLAMA31, QWEN25 } from '../reference/hf-jinja-golden.ts';

// Their renderers and parsers are loaded on demand (Format.prepare).
beforeAll(() => Promise.all([chatMlFormat.prepare?.(), llama3Format.prepare?.()]));

function decode(data: Record<string, unknown>): ParleyRecord {
  const { messages, tools } = data;
  const decoded = openAiChatCodec.decode({ messages, ...(tools !== undefined && { tools }) });
  expect(decoded.diagnostics).toEqual([]);
  return decoded.record as ParleyRecord;
}

describe.skipIf(!goldenAvailable)(`Hub template goldens${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it('Qwen2.5-7B-Instruct: tools, two calls with object arguments, two tool responses in one user turn', () => {
    const { data, target } = goldenCase(QWEN25);
    const rendered = chatMlFormat.render(decode(data), { addGenerationPrompt: data.add_generation_prompt === true });
    expect(rendered.text).toBe(target);
    expect(rendered.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The tool names of the tool messages are what ChatML cannot write.
    expect(rendered.diagnostics.map((d) => d.path)).toEqual([
      ['messages', 3, 'name'],
      ['messages', 4, 'name'],
    ]);
  });

  it('Llama-3.1-8B-Instruct: tools in the first user turn, indented JSON, generation prompt', () => {
    const { data, target } = goldenCase(LLAMA31);
    const rendered = llama3Format.render(decode(data), { addGenerationPrompt: data.add_generation_prompt === true, bosToken: String(data.bos_token) });
    expect(rendered.text).toBe(target);
    expect(rendered.diagnostics).toEqual([]);
  });

  it.each([
    ['chatml', QWEN25],
    ['llama3', LLAMA31],
  ] as const)('%s reads its golden text back to a record that renders it again', (id, model) => {
    const { data, target } = goldenCase(model);
    const format = id === 'chatml' ? chatMlFormat : llama3Format;
    const options = { addGenerationPrompt: data.add_generation_prompt === true };
    const parsed = format.parse(target, options);
    expect(parsed.diagnostics).toEqual([]);
    expect(format.render(parsed.record, options).text).toBe(target);
  });
});
