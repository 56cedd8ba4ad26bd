import { beforeAll, describe, expect, it } from 'vitest';
import { loadFormat, type Format, type OptionValues } from '../../../core/index.ts';
import { shippedTokenizer } from '../../../core/tokens/test-tokenizers.ts';
import { comparer, countRows, type RegressionRow } from './regression-logic.ts';

let chatml: Format<OptionValues>;
beforeAll(async () => {
  chatml = (await loadFormat('chatml')) as Format<OptionValues>;
});

const PLAIN = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] });
const CALL = JSON.stringify({
  messages: [
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Bern"}' } }] },
  ],
});
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('the regression comparer', () => {
  it('says same, what differs, or why a line cannot be read; a blank line is no row', () => {
    const compare = comparer({}, [{ format: chatml, options: {} }, { format: chatml, options: { arguments: 'as-given' } }]);
    expect(compare.bytes(bytes(PLAIN), 1)).toEqual({ same: true });
    // The arguments option changes how the call's string arguments are written: the text only (no tokenizers).
    expect(compare.bytes(bytes(CALL), 2)).toEqual({ same: false, kinds: ['text'] });
    expect(compare.text('{"messages": [', 3)).toMatchObject({ same: false, error: 'input', message: expect.stringContaining('Line 3') });
    expect(compare.text('   ', 4)).toBeUndefined();
  });

  it('with a tokenizer on both sides, compares ids and labels too', () => {
    const qwen = shippedTokenizer('qwen3');
    const compare = comparer({}, [{ format: chatml, options: {} }, { format: chatml, options: { addGenerationPrompt: true } }], [qwen, qwen]);
    expect(compare.text(PLAIN, 1)).toEqual({ same: false, kinds: ['text', 'ids', 'labels'] });
  });

  it('counts the rows per kind; a record with several kinds counts under each', () => {
    const rows: (RegressionRow | null | undefined)[] = [
      { same: true },
      { same: false, kinds: ['text', 'ids'] },
      { same: false, kinds: ['labels'] },
      { same: false, error: 'b', message: 'raised' },
      { same: false, error: 'input', message: 'bad JSON' },
      null,
      undefined,
    ];
    expect(countRows(rows)).toEqual({ compared: 5, same: 1, differ: 2, perKind: { text: 1, ids: 1, labels: 1, 'error a': 0, 'error b': 1, input: 1 } });
  });
});
