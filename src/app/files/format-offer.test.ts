import { describe, expect, it } from 'vitest';
import { datasetFormatOffer, MODEL_OFFER_RECORDS } from './format-offer.ts';

const line = (model?: string) => JSON.stringify({ ...(model !== undefined && { model }), messages: [{ role: 'user', content: 'Hi' }] });

describe('the model offer for a dataset (issue 24)', () => {
  it('offers the format of the first record that names a model with one', () => {
    const records = ['not json', line(), line('some-unknown-model'), new TextEncoder().encode(line('meta-llama/Llama-3.1-8B-Instruct')), line('openai/gpt-oss-20b')];
    expect(datasetFormatOffer(records, 'apertus')).toEqual({ question: 'This data names meta-llama/Llama-3.1-8B-Instruct: show it as Llama 3.1?', action: 'Show as Llama 3.1', formatId: 'llama3' });
  });

  it('offers nothing when that format is shown already, or no record among the first names a model', () => {
    expect(datasetFormatOffer([line('openai/gpt-oss-20b')], 'harmony')).toBeUndefined();
    const late = [...Array.from({ length: MODEL_OFFER_RECORDS }, () => line()), line('Qwen/Qwen2.5-7B-Instruct')];
    expect(datasetFormatOffer(late, 'apertus')).toBeUndefined();
    expect(datasetFormatOffer(late.slice(1), 'apertus')?.formatId).toBe('chatml');
  });
});
