/**
 * Compare against the real Qwen2.5 template since the one message builder (issue 23 item 1): a
 * template now receives arguments given as a JSON string as an object (transformers'
 * convention), so on OpenAI API data with a call it writes what native ChatML writes by default,
 * where before it wrote the string escaped and Compare named ChatML's "as-given" option as the
 * difference. The arguments option of the Jinja side now names it the other way round.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { explainDifference } from '../../src/core/compare/explain.ts';
import { loadFormat } from '../../src/core/formats/registry.ts';
import type { Format } from '../../src/core/formats/types.ts';
import { findCodec } from '../../src/core/interchange/registry.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import type { OptionValues } from '../../src/core/shared/options.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, goldenCase, QWEN25 } from '../reference/hf-jinja-golden.ts';

let chatml: Format<OptionValues>;
let jinja: Format<OptionValues>;
beforeAll(async () => {
  chatml = (await loadFormat('chatml')) as Format<OptionValues>;
  jinja = (await loadFormat('jinja')) as Format<OptionValues>;
});

/** OpenAI API data: the arguments are a string holding a JSON object. */
function call(): ParleyRecord {
  const decoded = findCodec('openai-chat')?.decode({
    messages: [
      { role: 'user', content: 'Weather in Bern?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Bern"}' } }] },
    ],
  });
  if (!decoded?.record) throw new Error('test record did not decode');
  return decoded.record;
}

describe.skipIf(!goldenAvailable)(`Compare: the Qwen2.5 template against native ChatML on a tool call${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it('renders the same with both defaults: nothing to explain', () => {
    const template = { template: goldenCase(QWEN25).chat_template };
    const record = call();
    expect(jinja.render(record, template).text).toBe(chatml.render(record, {}).text);
    expect(explainDifference(record, { format: jinja, options: template }, { format: chatml, options: {} })).toEqual([]);
  });

  it('with the template given the arguments as they are (a string), names the arguments option of each side', () => {
    const asGiven = { template: goldenCase(QWEN25).chat_template, arguments: 'as-given' };
    expect(explainDifference(call(), { format: jinja, options: asGiven }, { format: chatml, options: {} })).toEqual([
      { side: 'a', key: 'arguments', label: 'Tool-call arguments', value: 'object' },
      { side: 'b', key: 'arguments', label: 'Tool-call arguments', value: 'as-given' },
    ]);
  });
});
