/**
 * A template's tokenizer: the known templates (read from ../shared/reference, skipped when
 * absent) each get their shipped tokenizer, as their own or as a stand-in; a config naming a
 * model of a shipped family gets it; any other template gets Qwen3 as a stand-in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateHash } from '../../src/core/formats/jinja/known-templates.ts';
import { tokenizerForTemplate } from '../../src/core/tokens/template-tokenizer.ts';
import { referenceDir } from '../reference/apertus-template.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, LLAMA31, QWEN25 } from '../reference/hf-jinja-golden.ts';

const GPT_OSS = join(referenceDir, 'harmony', 'gpt-oss-20b.chat_template.jinja');
const APERTUS = join(referenceDir, 'apertus', 'chat_template.jinja');

describe.skipIf(!goldenAvailable)(`known templates${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it('Llama 3.1 and Qwen3 templates get their own shipped tokenizer; Qwen2.5 and Llama 3.2 a stand-in that says so', () => {
    expect(tokenizerForTemplate(goldenCase(LLAMA31).chat_template)).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
    expect(tokenizerForTemplate(goldenCase('Qwen/Qwen3-0.6B').chat_template)).toMatchObject({ shipped: { id: 'qwen3' }, own: true });
    const qwen25 = tokenizerForTemplate(goldenCase(QWEN25).chat_template);
    expect(qwen25).toMatchObject({ shipped: { id: 'qwen3' }, own: false });
    expect(qwen25.note).toContain('Qwen/Qwen2.5-7B-Instruct');
    expect(tokenizerForTemplate(goldenCase('meta-llama/Llama-3.2-11B-Vision-Instruct').chat_template)).toMatchObject({ shipped: { id: 'llama3.1' }, own: false });
  });

  it('a .jinja file (ending in a line break), or a copy with white space around it or CRLF line ends, is the same template as the config\'s string', () => {
    const template = goldenCase(LLAMA31).chat_template;
    expect(templateHash(`${template}\n`)).toBe(templateHash(template));
    expect(templateHash(` ${template}`)).toBe(templateHash(template));
    expect(tokenizerForTemplate(template.replace(/\n/g, '\r\n'))).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
    expect(templateHash(`${template}{{ '' }}`)).not.toBe(templateHash(template));
  });

  it.skipIf(!existsSync(APERTUS))('the Apertus template is known, its tokenizer not shipped: Qwen3 stands in, and the note says whose template it is', () => {
    const fit = tokenizerForTemplate(readFileSync(APERTUS, 'utf8'));
    expect(fit).toMatchObject({ shipped: { id: 'qwen3' }, own: false });
    expect(fit.note).toContain("swiss-ai/Apertus-8B-Instruct's, whose tokenizer is not shipped");
  });

  it.skipIf(!existsSync(GPT_OSS))('the gpt-oss template gets gpt-oss', () => {
    expect(tokenizerForTemplate(readFileSync(GPT_OSS, 'utf8'))).toMatchObject({ shipped: { id: 'gpt-oss' }, own: true });
  });
});

describe('by the config, or a stand-in', () => {
  it('a config naming a model of a shipped family gets its tokenizer as its own', () => {
    expect(tokenizerForTemplate('{{ messages }}', { name_or_path: 'Qwen/Qwen3-8B' })).toMatchObject({ shipped: { id: 'qwen3' }, own: true });
    expect(tokenizerForTemplate('{{ messages }}', { _name_or_path: 'meta-llama/Llama-3.1-70B-Instruct' })).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
    expect(tokenizerForTemplate('{{ messages }}', { name_or_path: 'meta-llama/Llama-3.1-8B' })).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
  });

  it('a config naming a model that ships a known template gets that template\'s tokenizer, whatever its organisation', () => {
    expect(tokenizerForTemplate('{{ messages }}', { name_or_path: 'unsloth/Llama-3.1-8B-Instruct' })).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
    const qwen25 = tokenizerForTemplate('{{ messages }}', { name_or_path: 'Qwen/Qwen2.5-14B-Instruct' });
    expect(qwen25).toMatchObject({ shipped: { id: 'qwen3' }, own: false });
    expect(qwen25.note).toBe("Qwen3's tokenizer stands in: its tokenizer_config.json names Qwen/Qwen2.5-14B-Instruct, whose tokenizer is not shipped.");
  });

  it('an unknown template, without a config or naming another model, gets Qwen3 as a stand-in, said to be one', () => {
    for (const config of [undefined, { name_or_path: 'mistralai/Mistral-7B-Instruct-v0.3' }, 'not an object']) {
      const fit = tokenizerForTemplate('{% for m in messages %}{{ m.content }}{% endfor %}', config);
      expect(fit).toMatchObject({ shipped: { id: 'qwen3' }, own: false });
      expect(fit.note).toContain('stands in');
    }
  });
});
