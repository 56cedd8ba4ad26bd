/** Reading what a person gives as a template: a template, or a tokenizer config with one or several. */
import { describe, expect, it } from 'vitest';
import { chooseTemplate, readTemplateSource } from './template-source.ts';

describe('readTemplateSource', () => {
  it('a template (even one that starts with a brace) is the template', () => {
    expect(readTemplateSource('{%- for m in messages %}{{ m.content }}{% endfor %}')).toEqual({ kind: 'template', template: '{%- for m in messages %}{{ m.content }}{% endfor %}' });
    expect(readTemplateSource('plain {{ x }}')).toEqual({ kind: 'template', template: 'plain {{ x }}' });
  });

  it('a config gives its template and its special tokens, strings or AddedToken objects', () => {
    const config = { chat_template: 'T', bos_token: { content: '<s>', lstrip: false }, eos_token: '</s>', pad_token: null, model_max_length: 8 };
    expect(readTemplateSource(JSON.stringify(config))).toEqual({ kind: 'config', templates: [{ name: 'default', template: 'T' }], tokens: { bos_token: '<s>', eos_token: '</s>' } });
  });

  it('named templates: default first when asked for none, by name otherwise, undefined for a missing name', () => {
    const source = readTemplateSource(JSON.stringify({ chat_template: [{ name: 'tool_use', template: 'A' }, { name: 'default', template: 'B' }] }));
    if (source.kind !== 'config') throw new Error(source.kind);
    expect(chooseTemplate(source.templates)?.template).toBe('B');
    expect(chooseTemplate(source.templates, 'tool_use')?.template).toBe('A');
    expect(chooseTemplate(source.templates, 'rag')).toBeUndefined();
  });

  it('a JSON object without chat_template says so', () => {
    expect(readTemplateSource('{"bos_token": "<s>"}')).toMatchObject({ kind: 'invalid' });
  });
});
