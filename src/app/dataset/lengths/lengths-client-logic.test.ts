import { afterEach, describe, expect, it } from 'vitest';
import { setTemplateOrigin } from '../../jinja/template-origin.ts';
import { pickKey } from '../../tokens/tokenizer-pick.ts';
import { lengthsTokenizer } from './lengths-client-logic.ts';

const TEMPLATE = '{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}';
const file = (name: string, size = 10): File => ({ name, size, lastModified: 5 }) as File;
const jinja = (template: string) => ({ formatId: 'jinja', formatOptions: { jinja: { template } } });
const own = { tokenizerChoice: undefined, tokenizerFiles: undefined };

afterEach(() => setTemplateOrigin(undefined));

describe('the Lengths tokenizer', () => {
  it("takes the format's own shipped tokenizer by default, none for Apertus, and the person's choice", () => {
    expect(lengthsTokenizer({ formatId: 'chatml', formatOptions: {} }, own)).toMatchObject({ kind: 'shipped', id: 'qwen3', approximate: false });
    expect(lengthsTokenizer({ formatId: 'harmony', formatOptions: {} }, own)).toMatchObject({ kind: 'shipped', id: 'gpt-oss', approximate: false });
    expect(lengthsTokenizer({ formatId: 'apertus', formatOptions: {} }, own)).toBeUndefined();
    // Chosen by the person: theirs, not a stand-in (no "approximate").
    expect(lengthsTokenizer({ formatId: 'apertus', formatOptions: {} }, { tokenizerChoice: 'llama3.1', tokenizerFiles: undefined })).toMatchObject({ id: 'llama3.1', approximate: false });
    expect(lengthsTokenizer({ formatId: 'chatml', formatOptions: {} }, { tokenizerChoice: 'none', tokenizerFiles: undefined })).toBeUndefined();
    expect(lengthsTokenizer({ formatId: 'chatml', formatOptions: {} }, { tokenizerChoice: 'files', tokenizerFiles: [file('tokenizer.json')] })).toMatchObject({ kind: 'files', approximate: false });
  });

  it("under the Jinja format, the template's own: the tokenizer.json given with its config, the model its config names, else Qwen3 said to stand in", () => {
    // A template Parley does not know, given alone: Qwen3 stands in, approximate.
    expect(lengthsTokenizer(jinja(TEMPLATE), own)).toMatchObject({ kind: 'shipped', id: 'qwen3', approximate: true });
    // The same template from a tokenizer_config.json that names Llama 3.1: its tokenizer, shipped, its own.
    setTemplateOrigin({ templates: [TEMPLATE], config: { name_or_path: 'meta-llama/Llama-3.1-8B-Instruct', chat_template: TEMPLATE } });
    expect(lengthsTokenizer(jinja(TEMPLATE), own)).toMatchObject({ kind: 'shipped', id: 'llama3.1', approximate: false });
    // Given with its tokenizer.json: those files.
    const files = [file('tokenizer.json'), file('tokenizer_config.json')];
    setTemplateOrigin({ templates: [TEMPLATE], config: {}, files });
    expect(lengthsTokenizer(jinja(TEMPLATE), own)).toEqual({ kind: 'files', files, approximate: false });
    // Another template typed since is judged by itself.
    expect(lengthsTokenizer(jinja(`${TEMPLATE} `), own)).toMatchObject({ id: 'qwen3', approximate: true });
  });

  it('names given files by name, size and date in the kept results\' key (another file of the same name is another tokenizer)', () => {
    expect(pickKey({ kind: 'files', files: [file('tokenizer.json')], approximate: false })).toBe('files:tokenizer.json:10:5');
    expect(pickKey({ kind: 'files', files: [file('tokenizer.json', 11)], approximate: false })).toBe('files:tokenizer.json:11:5');
    expect(pickKey({ kind: 'shipped', id: 'qwen3', label: 'Qwen3', approximate: false })).toBe('qwen3');
    expect(pickKey(undefined)).toBeNull();
  });
});
