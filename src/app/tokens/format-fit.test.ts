/** The tokenizer that fits the app's format, and under Jinja its template (format-fit.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_JINJA_TEMPLATE } from '../../core/index.ts';
import { setTemplateOrigin } from '../jinja/template-origin.ts';
import { fitFor } from './format-fit.ts';

const jinja = (template: string) => ({ formatId: 'jinja', formatOptions: { jinja: { template } } });

afterEach(() => setTemplateOrigin(undefined));

describe('fitFor', () => {
  it('a native format: its shipped tokenizer', () => {
    expect(fitFor({ formatId: 'llama3', formatOptions: {} })).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
  });

  it('the Jinja format with an unknown template: Qwen3 standing in', () => {
    expect(fitFor(jinja(DEFAULT_JINJA_TEMPLATE))).toMatchObject({ shipped: { id: 'qwen3' }, own: false });
  });

  it('a template from a config naming a shipped model: that tokenizer, for that template only', () => {
    const template = '{{ messages[0].content }}';
    setTemplateOrigin({ templates: [template], config: { name_or_path: 'meta-llama/Llama-3.1-8B-Instruct' } });
    expect(fitFor(jinja(template))).toMatchObject({ shipped: { id: 'llama3.1' }, own: true });
    // Typed over: another template, judged by itself.
    expect(fitFor(jinja(`${template}!`))).toMatchObject({ shipped: { id: 'qwen3' }, own: false });
  });

  it('a config dropped with its tokenizer.json: those files, as the template\'s own; another key than the shipped one', () => {
    const template = '{{ messages[0].content }}';
    const files = [new File(['{}'], 'tokenizer.json'), new File(['{}'], 'tokenizer_config.json')];
    const before = fitFor(jinja(template)).key;
    setTemplateOrigin({ templates: [template], config: {}, files });
    const fit = fitFor(jinja(template));
    expect(fit).toMatchObject({ files, own: true, shipped: undefined });
    expect(fit.key).not.toBe(before);
  });
});
