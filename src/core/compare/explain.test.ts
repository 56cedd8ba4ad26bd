import { beforeAll, describe, expect, it } from 'vitest';
import { loadFormat } from '../formats/registry.ts';
import type { Format } from '../formats/types.ts';
import { findCodec } from '../interchange/registry.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';
import { explainDifference } from './explain.ts';

let chatml: Format<OptionValues>;
beforeAll(async () => {
  chatml = (await loadFormat('chatml')) as Format<OptionValues>;
});

function openai(json: unknown): ParleyRecord {
  const decoded = findCodec('openai-chat')?.decode(json);
  if (!decoded?.record) throw new Error('test record did not decode');
  return decoded.record;
}

/** OpenAI API data: the arguments are a string holding a JSON object. */
const CALL = openai({
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Bern"}' } }] },
  ],
});

describe('explainDifference', () => {
  it('names the arguments option of each side that makes the texts equal', () => {
    // Object mode writes {"city": "Bern"}; as-given writes the string quoted: "{\"city\": \"Bern\"}".
    // Switching either side to the other's mode removes the difference; the generation prompt does not.
    const found = explainDifference(CALL, { format: chatml, options: {} }, { format: chatml, options: { arguments: 'as-given' } });
    expect(found).toEqual([
      { side: 'a', key: 'arguments', label: 'Tool-call arguments', value: 'as-given' },
      { side: 'b', key: 'arguments', label: 'Tool-call arguments', value: 'object' },
    ]);
  });

  it('tries only the sides it is given', () => {
    const found = explainDifference(CALL, { format: chatml, options: {} }, { format: chatml, options: { arguments: 'as-given' } }, { sides: ['b'] });
    expect(found.map((f) => f.side)).toEqual(['b']);
  });

  it('takes the texts the caller has, and renders only the sides it may', () => {
    // Side a stands for a render made elsewhere (a template in a worker): its text is given, its format never called.
    const elsewhere = { ...chatml, render: () => { throw new Error('side a must not be rendered here'); } };
    const objectText = chatml.render(CALL, {}).text;
    const asGivenText = chatml.render(CALL, { arguments: 'as-given' }).text;
    const found = explainDifference(CALL, { format: elsewhere, options: {} }, { format: chatml, options: { arguments: 'as-given' } }, { sides: ['b'], texts: { a: objectText, b: asGivenText } });
    expect(found).toEqual([{ side: 'b', key: 'arguments', label: 'Tool-call arguments', value: 'object' }]);
  });

  it('explains nothing when the texts are equal, or no single option equalises them', () => {
    expect(explainDifference(CALL, { format: chatml, options: {} }, { format: chatml, options: {} })).toEqual([]);
    // Two options differ at once: neither alone makes the texts equal.
    const both = { arguments: 'as-given', addGenerationPrompt: true };
    expect(explainDifference(CALL, { format: chatml, options: {} }, { format: chatml, options: both })).toEqual([]);
  });
});
