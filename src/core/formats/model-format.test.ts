import { describe, expect, it } from 'vitest';
import { formatForModel, modelNamedIn } from './model-format.ts';

describe('the format a model name matches', () => {
  it.each([
    ['meta-llama/Llama-3.1-8B-Instruct', 'llama3'],
    ['meta-llama/Meta-Llama-3-8B-Instruct', 'llama3'],
    ['llama3.2', 'llama3'],
    ['meta-llama/Llama-3.3-70B-Instruct', 'llama3'],
    ['openai/gpt-oss-20b', 'harmony'],
    ['gpt-oss:120b', 'harmony'],
    ['Qwen/Qwen2.5-7B-Instruct', 'chatml'],
    ['qwen3-32b', 'chatml'],
    ['Qwen/QwQ-32B', 'chatml'],
    ['swiss-ai/Apertus-8B-Instruct-2509', 'apertus'],
  ])('%s → %s', (model, format) => {
    expect(formatForModel(model)).toBe(format);
  });

  it('offers nothing for models whose template no format renders exactly', () => {
    for (const model of ['gpt-4o', 'claude-sonnet-4-5', 'meta-llama/Llama-2-7b-chat-hf', 'meta-llama/Llama-4-Scout-17B-16E', 'mistralai/Mistral-7B-Instruct-v0.3', 'llama-30b']) expect(formatForModel(model), model).toBeUndefined();
  });

  it('reads the model a request names at its top, and nothing else', () => {
    expect(modelNamedIn({ model: 'gpt-oss-20b', messages: [] })).toBe('gpt-oss-20b');
    expect(modelNamedIn({ model: ' ', messages: [] })).toBeUndefined();
    expect(modelNamedIn([{ role: 'user', content: 'model' }])).toBeUndefined();
    expect(modelNamedIn({ model: 3 })).toBeUndefined();
  });
});
