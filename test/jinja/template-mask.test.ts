/**
 * The training mask under a real template (issue 23, item 2): the Qwen2.5 and Llama 3.1 chat
 * templates (../shared/reference/hf-jinja-golden/, read from there, skipped when absent), pasted
 * as the Jinja format, give the very labels of the matching native format on the same tool
 * conversation: the same input_ids (the texts are byte-identical) and the same -100s. The native
 * formats' masks are written by hand from what each model writes after its generation prompt.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMlFormat } from '../../src/core/formats/chatml/index.ts';
import { renderJinja } from '../../src/core/formats/jinja/render.ts';
import { llama3Format } from '../../src/core/formats/llama3/index.ts';
import type { Rendered } from '../../src/core/formats/types.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { shippedTokenizer } from '../../src/core/tokens/test-tokenizers.ts';
import { trainingExample } from '../../src/core/tokens/training.ts';
import type { MaskOptions, Tokenizer } from '../../src/core/tokens/types.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, LLAMA31, QWEN25 } from '../reference/hf-jinja-golden.ts';

beforeAll(async () => {
  await chatMlFormat.prepare?.();
  await llama3Format.prepare?.();
});

const TOOLS = [{ type: 'function', function: { name: 'weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];

/** A tool conversation: a call alone, a tool answer, an answer, then content with a call, and a last answer. */
function toolConversation(args: (city: string) => unknown): ParleyRecord {
  const call = (id: string, city: string) => ({ id, type: 'function', function: { name: 'weather', arguments: args(city) } });
  const json = {
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Bern?' },
      { role: 'assistant', content: '', tool_calls: [call('c1', 'Bern')] },
      { role: 'tool', tool_call_id: 'c1', content: '{"t": 3}' },
      { role: 'assistant', content: 'Three degrees.' },
      { role: 'user', content: 'And Basel?' },
      { role: 'assistant', content: 'Let me check.', tool_calls: [call('c2', 'Basel')] },
      { role: 'tool', tool_call_id: 'c2', content: '{"t": 5}' },
      { role: 'assistant', content: 'Five degrees in Basel.' },
    ],
    tools: TOOLS,
  };
  const decoded = openAiChatCodec.decode(json);
  if (decoded.record === undefined) throw new Error('the test conversation does not decode');
  return decoded.record;
}

/** As transformers takes them (an object), and as the OpenAI API sends them (a JSON string). */
const objectArguments = (city: string) => ({ city });
const stringArguments = (city: string) => JSON.stringify({ city });

function labels(tokenizer: Tokenizer, record: ParleyRecord, rendered: Rendered, mask: MaskOptions = {}) {
  const { example } = trainingExample(tokenizer, record, rendered, mask);
  return { ids: example.input_ids, labels: example.labels, trained: example.trained };
}

/** The trained text, token by token, for a readable failure. */
function trainedText(tokenizer: Tokenizer, record: ParleyRecord, rendered: Rendered, mask: MaskOptions = {}): string {
  const { example, encoding } = trainingExample(tokenizer, record, rendered, mask);
  return encoding.ids.map((_, i) => (example.labels[i] === -100 ? '' : rendered.text.slice(encoding.starts[i], encoding.ends[i]))).join('');
}

describe.skipIf(!goldenAvailable)(`the mask under a real template equals the native format's${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  // `messages: {5: true}` trains a user turn whole, its header and end included.
  const MASKS: MaskOptions[] = [{}, { toolCalls: false }, { turns: 'last' }, { messages: { 2: false, 4: false } }, { messages: { 5: true } }];

  it('Qwen2.5 template = native ChatML, arguments as objects, every mask option', () => {
    const qwen = shippedTokenizer('qwen3');
    const record = toolConversation(objectArguments);
    const template = renderJinja(record, { template: goldenCase(QWEN25).chat_template });
    const native = chatMlFormat.render(record);
    expect(template.text).toBe(native.text);
    expect(template.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    for (const mask of [...MASKS, { messages: { 1: true } }]) {
      expect(trainedText(qwen, record, template, mask), JSON.stringify(mask)).toBe(trainedText(qwen, record, native, mask));
      expect(labels(qwen, record, template, mask), JSON.stringify(mask)).toEqual(labels(qwen, record, native, mask));
    }
    // What is trained, reasoned from the template: each turn after its `<|im_start|>assistant\n`,
    // through its `<|im_end|>`, without the line break after it.
    expect(trainedText(qwen, record, template)).toBe(
      '<tool_call>\n{"name": "weather", "arguments": {"city": "Bern"}}\n</tool_call><|im_end|>' +
        'Three degrees.<|im_end|>' +
        'Let me check.\n<tool_call>\n{"name": "weather", "arguments": {"city": "Basel"}}\n</tool_call><|im_end|>' +
        'Five degrees in Basel.<|im_end|>',
    );
    // Without calls: the call's wrapping goes with it; "." and the line break before `<tool_call>`
    // are one token (`.Ċ`), half trained, so not trained.
    expect(trainedText(qwen, record, template, { toolCalls: false })).toBe('<|im_end|>Three degrees.<|im_end|>Let me check<|im_end|>Five degrees in Basel.<|im_end|>');
    expect(trainedText(qwen, record, template, { messages: { 5: true } })).toContain('<|im_start|>user\nAnd Basel?<|im_end|>\n');
  });

  it('Llama 3.1 template = native Llama 3.1, arguments as objects, every mask option', () => {
    const llama = shippedTokenizer('llama3.1');
    const record = toolConversation(objectArguments);
    const template = renderJinja(record, { template: goldenCase(LLAMA31).chat_template, variables: JSON.stringify({ bos_token: '<|begin_of_text|>' }) });
    const native = llama3Format.render(record);
    expect(template.text).toBe(native.text);
    for (const mask of MASKS) {
      expect(trainedText(llama, record, template, mask), JSON.stringify(mask)).toBe(trainedText(llama, record, native, mask));
      expect(labels(llama, record, template, mask), JSON.stringify(mask)).toEqual(labels(llama, record, native, mask));
    }
    expect(trainedText(llama, record, template)).toBe(
      '{"name": "weather", "parameters": {"city": "Bern"}}<|eot_id|>Three degrees.<|eot_id|>{"name": "weather", "parameters": {"city": "Basel"}}<|eot_id|>Five degrees in Basel.<|eot_id|>',
    );
  });

  // Since the one message builder (issue 23 item 1), string arguments that hold a JSON object
  // reach the template as an object by default (transformers' convention), so Qwen's template
  // writes them as native ChatML's default does; the Jinja option "as-given" passes the string,
  // which the template writes escaped ("{\"city\": …}"), as native ChatML's "as-given" does.
  it('Qwen2.5 template with arguments given as a JSON string: the text and labels of native ChatML with the same arguments option', () => {
    const qwen = shippedTokenizer('qwen3');
    const record = toolConversation(stringArguments);
    for (const mode of ['object', 'as-given'] as const) {
      const template = renderJinja(record, { template: goldenCase(QWEN25).chat_template, arguments: mode });
      const native = chatMlFormat.render(record, { arguments: mode });
      expect(template.text, mode).toBe(native.text);
      for (const mask of MASKS) expect(labels(qwen, record, template, mask), `${mode} ${JSON.stringify(mask)}`).toEqual(labels(qwen, record, native, mask));
    }
    expect(renderJinja(record, { template: goldenCase(QWEN25).chat_template }).text).toContain('"arguments": {"city": "Bern"}');
  });
});
