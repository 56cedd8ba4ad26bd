/**
 * The one table of known chat templates: its hash function, each entry's hash recomputed from
 * the official template in ../shared/reference (skipped when absent), and the reader that
 * recognises a template by its hash, else by the model its tokenizer_config.json names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDir } from '../../../../test/reference/apertus-template.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase } from '../../../../test/reference/hf-jinja-golden.ts';
import { findDefaultTokenizer } from '../../tokens/defaults.ts';
import { configModel, KNOWN_TEMPLATES, knownTemplateOf, parseConfigText, templateHash } from './known-templates.ts';

/** Where each entry's official template is read from (a Hub case of the golden suite, or a file). */
const SOURCES: Readonly<Record<string, () => string>> = {
  'Qwen/Qwen2.5-7B-Instruct': () => goldenCase('Qwen/Qwen2.5-7B-Instruct').chat_template,
  'meta-llama/Llama-3.1-8B-Instruct': () => goldenCase('meta-llama/Llama-3.1-8B-Instruct').chat_template,
  'Qwen/Qwen3-0.6B': () => goldenCase('Qwen/Qwen3-0.6B').chat_template,
  'meta-llama/Llama-3.2-11B-Vision-Instruct': () => goldenCase('meta-llama/Llama-3.2-11B-Vision-Instruct').chat_template,
  'swiss-ai/Apertus-8B-Instruct': () => readFileSync(join(referenceDir, 'apertus', 'chat_template.jinja'), 'utf8'),
  'openai/gpt-oss-20b': () => readFileSync(join(referenceDir, 'harmony', 'gpt-oss-20b.chat_template.jinja'), 'utf8'),
};
const GPT_OSS = join(referenceDir, 'harmony', 'gpt-oss-20b.chat_template.jinja');

describe('templateHash', () => {
  it('ignores the white space around the text and CRLF line ends, nothing else', () => {
    expect(templateHash('  {{ a }}\r\n{{ b }}\n')).toBe(templateHash('{{ a }}\n{{ b }}'));
    expect(templateHash('{{ a }}')).not.toBe(templateHash('{{ b }}'));
    expect(templateHash('{{ a }}\n{{ b }}')).not.toBe(templateHash('{{ a }}\n\n{{ b }}'));
    expect(templateHash('x')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('the table', () => {
  it('has one entry per template and per model, each with a reference file to check it against', () => {
    expect(new Set(KNOWN_TEMPLATES.map((entry) => entry.hash)).size).toBe(KNOWN_TEMPLATES.length);
    expect(KNOWN_TEMPLATES.map((entry) => entry.model).sort()).toEqual(Object.keys(SOURCES).sort());
  });

  it('names only shipped tokenizers', () => {
    for (const entry of KNOWN_TEMPLATES) {
      if (entry.tokenizer !== undefined) expect(findDefaultTokenizer(entry.tokenizer.id)?.id, entry.model).toBe(entry.tokenizer.id);
    }
  });
});

describe.skipIf(!goldenAvailable || !existsSync(GPT_OSS))(`each hash, against its official template (${goldenAvailable ? 'present' : GOLDEN_SKIP_REASON})`, () => {
  it.each(KNOWN_TEMPLATES.map((entry) => [entry.model, entry] as const))('%s', (model, entry) => {
    const template = SOURCES[model]!();
    expect(templateHash(template)).toBe(entry.hash);
    expect(knownTemplateOf(template)).toEqual({ known: entry, model, by: 'hash' });
    // As a .jinja file (a final line break) or a config's string (none), with CRLF line ends:
    // the same template.
    expect(knownTemplateOf(`${template.trimEnd().replace(/\n/g, '\r\n')}\r\n`)?.known).toBe(entry);
  });
});

describe('knownTemplateOf, by the model a config names', () => {
  const unknown = '{{ messages }}';

  it('a model that ships one of the templates: that entry, by model', () => {
    expect(knownTemplateOf(unknown, { name_or_path: 'Qwen/Qwen2.5-14B-Instruct' })).toMatchObject({ known: { model: 'Qwen/Qwen2.5-7B-Instruct' }, model: 'Qwen/Qwen2.5-14B-Instruct', by: 'model' });
    expect(knownTemplateOf(unknown, { _name_or_path: 'meta-llama/Meta-Llama-3.1-70B-Instruct' })).toMatchObject({ known: { formatId: 'llama3' }, by: 'model' });
  });

  it('a model that only shares a tokenizer: that entry, by family', () => {
    expect(knownTemplateOf(unknown, { name_or_path: 'Qwen/Qwen3-8B' })).toMatchObject({ known: { model: 'Qwen/Qwen3-0.6B' }, model: 'Qwen/Qwen3-8B', by: 'family' });
    expect(knownTemplateOf(unknown, { name_or_path: 'meta-llama/Llama-3.1-8B' })).toMatchObject({ known: { formatId: 'llama3' }, by: 'family' });
  });

  it('another model, or no config: nothing', () => {
    expect(knownTemplateOf(unknown)).toBeUndefined();
    expect(knownTemplateOf(unknown, { name_or_path: 'Qwen/Qwen2.5-Coder-7B-Instruct' })).toBeUndefined();
    expect(knownTemplateOf(unknown, { name_or_path: 'mistralai/Mistral-7B-Instruct-v0.3' })).toBeUndefined();
  });
});

describe('the model a config names', () => {
  it('reads name_or_path, else _name_or_path, trimmed, from a parsed config or its JSON text', () => {
    expect(configModel({ name_or_path: ' Qwen/Qwen3-8B ' })).toBe('Qwen/Qwen3-8B');
    expect(configModel({ name_or_path: 3, _name_or_path: 'a/b' })).toBe('a/b');
    expect(configModel(parseConfigText(JSON.stringify({ _name_or_path: 'a/b' })))).toBe('a/b');
  });

  it('reads nothing from what is not an object with a non-empty name', () => {
    for (const config of [undefined, null, 'a/b', [1], { name_or_path: '' }, { name_or_path: '  ' }]) expect(configModel(config)).toBeUndefined();
    for (const text of ['{ not json', '[1]', '"a/b"', '']) expect(parseConfigText(text)).toBeUndefined();
  });
});
