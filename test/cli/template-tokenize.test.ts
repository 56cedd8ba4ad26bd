/**
 * `parley tokenize --format jinja` takes the template's own tokenizer (issue 23, item 3): the
 * tokenizer.json beside the `--template` tokenizer_config.json, else the shipped one known to be
 * the template's; and the labels under the real Qwen2.5 and Llama 3.1 templates equal those of
 * native ChatML and Llama 3.1 (the template mask), through the built command.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { renderJinja } from '../../src/core/formats/jinja/render.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { byteFallbackFiles, byteFallbackTokenizer } from '../../src/core/tokens/test-tokenizers.ts';
import { trainingExample } from '../../src/core/tokens/training.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, LLAMA31, QWEN25 } from '../reference/hf-jinja-golden.ts';
import { fixtureDir, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const TOOL_CONVERSATION = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: { city: 'Bern' } } }] },
    { role: 'tool', tool_call_id: 'c1', content: '{"t": 3}' },
    { role: 'assistant', content: 'Three degrees.' },
  ],
  tools: [{ type: 'function', function: { name: 'weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
};

interface Result {
  input_ids: number[];
  labels: number[];
  trained: number;
}

async function tokenize(args: string[]): Promise<Result> {
  const run = await parley(['tokenize', '--input-dialect', 'openai-chat', ...args, '-'], JSON.stringify(TOOL_CONVERSATION));
  expect(run.code, run.stderr).toBe(0);
  const { input_ids, labels, trained } = JSON.parse(run.stdout) as Result;
  return { input_ids, labels, trained };
}

describe('parley tokenize --format jinja: the template\'s tokenizer', () => {
  it('reads the tokenizer.json beside the --template tokenizer_config.json', async () => {
    const { tokenizer, config } = byteFallbackFiles();
    const template = '{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}';
    mkdirSync(files.path('model'));
    files.write('model/tokenizer.json', tokenizer);
    const configPath = files.write('model/tokenizer_config.json', { ...config, chat_template: template });
    const result = await tokenize(['--format', 'jinja', '--template', configPath]);
    // What the library gives with that tokenizer (not Qwen3's ids, which are in the hundred thousands).
    const record = openAiChatCodec.decode(TOOL_CONVERSATION).record;
    if (record === undefined) throw new Error('the conversation does not decode');
    const expected = trainingExample(byteFallbackTokenizer(), record, renderJinja(record, { template, variables: JSON.stringify({ bos_token: '<s>', eos_token: '</s>' }) })).example;
    expect(result.input_ids).toEqual(expected.input_ids);
    expect(Math.max(...result.input_ids)).toBeLessThan(300);
  });
});

describe.skipIf(!goldenAvailable)(`labels under the real templates = the native format's${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it('Qwen2.5 template (Qwen3 stands in) = native ChatML', async () => {
    const path = files.write('qwen25.jinja', goldenCase(QWEN25).chat_template);
    const [template, native] = await Promise.all([tokenize(['--format', 'jinja', '--template', path]), tokenize(['--format', 'chatml'])]);
    expect(template).toEqual(native);
    expect(template.trained).toBeGreaterThan(20);
  });

  it('Llama 3.1 template (its own tokenizer, known by its hash) = native Llama 3.1', async () => {
    const path = files.write('tokenizer_config.json', { bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>', chat_template: goldenCase(LLAMA31).chat_template });
    const [template, native] = await Promise.all([tokenize(['--format', 'jinja', '--template', path]), tokenize(['--format', 'llama3'])]);
    expect(template).toEqual(native);
  });
});
