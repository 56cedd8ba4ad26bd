import { beforeAll, describe, expect, it } from 'vitest';
import { loadFormat } from '../formats/registry.ts';
import type { Format } from '../formats/types.ts';
import { findCodec } from '../interchange/registry.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';
import { byteFallbackTokenizer, shippedTokenizer } from '../tokens/test-tokenizers.ts';
import { compareRecord, kindsOf } from './compare-record.ts';

let chatml: Format<OptionValues>;
let jinja: Format<OptionValues>;
beforeAll(async () => {
  chatml = (await loadFormat('chatml')) as Format<OptionValues>;
  jinja = (await loadFormat('jinja')) as Format<OptionValues>;
});

function openai(json: unknown): ParleyRecord {
  const decoded = findCodec('openai-chat')?.decode(json);
  if (!decoded?.record) throw new Error('test record did not decode');
  return decoded.record;
}

const TWO_TURNS = openai({
  messages: [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello' },
    { role: 'user', content: 'again' },
    { role: 'assistant', content: 'yes' },
  ],
});

describe('compareRecord', () => {
  it('says the same for the same format and options', () => {
    expect(compareRecord(TWO_TURNS, { format: chatml, options: {} }, { format: chatml, options: { addGenerationPrompt: false } })).toEqual({ same: true });
  });

  it('names a text difference, without ids or labels when no tokenizer is given', () => {
    // The generation prompt adds "<|im_start|>assistant\n" at the end: only the text is compared.
    const result = compareRecord(TWO_TURNS, { format: chatml, options: {} }, { format: chatml, options: { addGenerationPrompt: true } });
    expect(result).toEqual({ same: false, text: true });
    expect(kindsOf(result)).toEqual(['text']);
  });

  it('with tokenizers, a longer text has other ids and labels', () => {
    const qwen = shippedTokenizer('qwen3');
    const result = compareRecord(TWO_TURNS, { format: chatml, options: {}, tokenizer: qwen }, { format: chatml, options: { addGenerationPrompt: true }, tokenizer: qwen });
    expect(result).toEqual({ same: false, text: true, ids: true, labels: true });
  });

  it('the same text under another tokenizer differs in ids and labels only', () => {
    // The byte-fallback test tokenizer has no <|im_start|> token: it spells it in bytes, so the ids differ.
    const result = compareRecord(TWO_TURNS, { format: chatml, options: {}, tokenizer: shippedTokenizer('qwen3') }, { format: chatml, options: {}, tokenizer: byteFallbackTokenizer() });
    expect(result).toEqual({ same: false, text: false, ids: true, labels: true });
  });

  it('the same text and tokens under another mask differ in labels only', () => {
    // Training the last turn only leaves the first assistant turn ("hello") out of the labels.
    const qwen = shippedTokenizer('qwen3');
    const result = compareRecord(TWO_TURNS, { format: chatml, options: {}, tokenizer: qwen }, { format: chatml, options: {}, tokenizer: qwen, mask: { turns: 'last' } });
    expect(result).toEqual({ same: false, text: false, ids: false, labels: true });
    expect(kindsOf(result)).toEqual(['labels']);
  });

  it('a side whose template raises is that side\'s error, with its diagnostics', () => {
    const raising = { template: "{{ raise_exception('no tools here') }}" };
    const result = compareRecord(TWO_TURNS, { format: chatml, options: {} }, { format: jinja, options: raising });
    expect(result.same).toBe(false);
    expect('error' in result && result.error).toBe('b');
    expect('error' in result && result.diagnostics.map((d) => d.severity)).toContain('error');
    expect(JSON.stringify(result)).toContain('no tools here');
    expect(kindsOf(result)).toEqual([]);
  });

  it('side a is reported first when both sides fail', () => {
    const raising = { template: "{{ raise_exception('x') }}" };
    const result = compareRecord(TWO_TURNS, { format: jinja, options: raising }, { format: jinja, options: raising });
    expect('error' in result && result.error).toBe('a');
  });
});
