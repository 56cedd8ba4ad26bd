/**
 * Unknown fields of another dialect whose name Apertus JSON uses for a field of its own (found by
 * the interop oracle's check of `extra`, test/interop/oracle.ts): an OpenAI Responses call keeps
 * its item id (`"id": "fc_…"`) beside its `call_id`; Apertus JSON writes the call id as `id`, so
 * the item id cannot be written, and must be reported rather than dropped in silence.
 */
import { describe, expect, it } from 'vitest';
import { openAiResponsesCodec } from '../openai-responses/index.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { apertusJsonCodec } from './index.ts';

describe('an unknown field whose name Apertus JSON uses', () => {
  it('a Responses call item id, beside the call id Apertus JSON writes as "id", is reported lost at its path', () => {
    const source = openAiResponsesCodec.decode({
      input: [
        { role: 'user', content: 'Weather?' },
        { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'sunny' },
      ],
    }).record as ParleyRecord;
    const written = apertusJsonCodec.encode(source);
    const lost = written.diagnostics.filter((d) => d.code === LOST_CODE).map((d) => d.path?.join('.'));
    expect(lost.some((path) => path?.endsWith('extra.id'))).toBe(true);
    // The call id is what Apertus JSON's `id` holds.
    expect(JSON.stringify(written.json)).toContain('"id":"call_1"');
    expect(JSON.stringify(written.json)).not.toContain('fc_1');
  });

  it('a field of its own with the same value is no loss', () => {
    const record = apertusJsonCodec.decode({ messages: [{ role: 'assistant', tool_calls: [{ type: 'function', id: 'c1', function: { name: 'f', arguments: '{}' } }] }] }).record as ParleyRecord;
    expect(apertusJsonCodec.encode(record).diagnostics.filter((d) => d.code === LOST_CODE)).toEqual([]);
  });
});
