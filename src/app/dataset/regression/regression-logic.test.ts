import { beforeAll, describe, expect, it } from 'vitest';
import { loadFormat, type Format, type OptionValues } from '../../../core/index.ts';
import { shippedTokenizer } from '../../../core/tokens/test-tokenizers.ts';
import { comparer, countRows, maskOptionsOf, regressionEditsOf, type RegressionRow } from './regression-logic.ts';

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

  it("labels follow each side's mask: not training tool calls changes the labels of a call only", () => {
    const qwen = shippedTokenizer('qwen3');
    const compare = comparer({}, [{ format: chatml, options: {} }, { format: chatml, options: {}, mask: maskOptionsOf({ turns: 'all', thoughtsAndTools: false }) }], [qwen, qwen]);
    // CALL's one assistant turn is a call: untrained on side B, the same text and ids.
    expect(compare.text(CALL, 1)).toEqual({ same: false, kinds: ['labels'] });
    expect(compare.text(PLAIN, 2)).toEqual({ same: true });
    // The last turn only: PLAIN has one, so nothing changes.
    const last = comparer({}, [{ format: chatml, options: {} }, { format: chatml, options: {}, mask: maskOptionsOf({ turns: 'last', thoughtsAndTools: true }) }], [qwen, qwen]);
    expect(last.text(PLAIN, 1)).toEqual({ same: true });
  });
});

describe('the records as Save would write them', () => {
  it('edited texts, deleted records, and added records in file order (a copy not edited reads its original; one with no text is not written)', () => {
    const changes = {
      edited: new Map([
        [1, PLAIN],
        [5, CALL],
      ]),
      deleted: new Set([2]),
      inserted: new Map([
        [0, [5, 6, 7]],
        [-1, [8]],
      ]),
      copies: new Map([
        [6, 3],
        [8, 0],
      ]),
    };
    const edits = regressionEditsOf(changes, (id) => id + 100);
    expect(edits.edited.get(1)).toBe(PLAIN);
    expect([...edits.deleted]).toEqual([2]);
    expect(edits.added).toEqual([
      { id: 8, line: 108, copyOf: 0 },
      { id: 5, line: 105 },
      { id: 6, line: 106, copyOf: 3 },
    ]);
  });
});
