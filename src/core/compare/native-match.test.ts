import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, goldenPath } from '../../../test/reference/hf-jinja-golden.ts';
import { nativeMatchOf } from './native-match.ts';

const referenceDir = join(goldenPath, '..', '..');

describe.skipIf(!goldenAvailable)(`nativeMatchOf, on the official templates (${goldenAvailable ? 'present' : GOLDEN_SKIP_REASON})`, () => {
  it('pairs Qwen2.5 with ChatML and Llama 3.1 with Llama 3.1 by the hash', () => {
    expect(nativeMatchOf(goldenCase('Qwen/Qwen2.5-7B-Instruct').chat_template)).toEqual({ formatId: 'chatml', model: 'Qwen/Qwen2.5-7B-Instruct', by: 'hash' });
    expect(nativeMatchOf(goldenCase('meta-llama/Llama-3.1-8B-Instruct').chat_template)).toEqual({ formatId: 'llama3', model: 'meta-llama/Llama-3.1-8B-Instruct', by: 'hash' });
  });

  it('pairs the Apertus and gpt-oss templates with their formats', () => {
    expect(nativeMatchOf(readFileSync(join(referenceDir, 'apertus', 'chat_template.jinja'), 'utf8'))?.formatId).toBe('apertus');
    expect(nativeMatchOf(readFileSync(join(referenceDir, 'harmony', 'gpt-oss-20b.chat_template.jinja'), 'utf8'))?.formatId).toBe('harmony');
  });

  it('matches no other template of the suite, nor an edited copy', () => {
    for (const model of ['Qwen/Qwen3-0.6B', 'Qwen/Qwen3.5-4B', 'meta-llama/Llama-3.2-11B-Vision-Instruct', 'Qwen/Qwen1.5-72B-Chat']) {
      expect(nativeMatchOf(goldenCase(model).chat_template)).toBeUndefined();
    }
    expect(nativeMatchOf(`${goldenCase('Qwen/Qwen2.5-7B-Instruct').chat_template}{{ '' }}`)).toBeUndefined();
  });
});

describe('nativeMatchOf by the model a config names', () => {
  it('uses name_or_path when the hash is unknown', () => {
    expect(nativeMatchOf('{{ messages }}', JSON.stringify({ name_or_path: 'Qwen/Qwen2.5-14B-Instruct', chat_template: '{{ messages }}' }))).toEqual({ formatId: 'chatml', model: 'Qwen/Qwen2.5-14B-Instruct', by: 'model' });
    expect(nativeMatchOf('x', JSON.stringify({ _name_or_path: 'meta-llama/Meta-Llama-3.1-70B-Instruct' }))?.formatId).toBe('llama3');
  });

  it('matches no other model, nor one that only shares a tokenizer, and reads no name from text that is not a JSON object', () => {
    expect(nativeMatchOf('x', JSON.stringify({ name_or_path: 'Qwen/Qwen2.5-Coder-7B-Instruct' }))).toBeUndefined();
    expect(nativeMatchOf('x', JSON.stringify({ name_or_path: 'Qwen/Qwen3-8B' }))).toBeUndefined();
    expect(nativeMatchOf('x', JSON.stringify({ name_or_path: 'meta-llama/Llama-3.1-8B' }))).toBeUndefined();
    expect(nativeMatchOf('x', '{ "name_or_path": "Qwen/Qwen2.5-7B-Instruct"')).toBeUndefined();
  });
});
